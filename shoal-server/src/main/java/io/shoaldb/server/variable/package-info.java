/** System variables: their definitions, validation, session values and persisted global values. */
package io.shoaldb.server.variable;
