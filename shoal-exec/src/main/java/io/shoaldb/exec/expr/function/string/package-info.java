/** String functions over UTF-8 bytes, in Doris semantics (character positions from 1, NULL in gives NULL out). */
package io.shoaldb.exec.expr.function.string;
