/** The immutable catalog model: databases, tables, columns, keys, distribution and typed table properties. */
package io.shoaldb.catalog.model;
