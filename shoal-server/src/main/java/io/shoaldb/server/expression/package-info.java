/** Evaluation of constant expressions (literals, system variables, session functions) without a table. */
package io.shoaldb.server.expression;
