/** Logical column types: ids, parameters (length, precision, scale), validation and Doris's SQL spelling. */
package io.shoaldb.vector.type;
