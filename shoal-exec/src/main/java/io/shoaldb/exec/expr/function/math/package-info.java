/** Numeric functions: typed loops over DOUBLE and over 64-bit exact values, BigDecimal only for 128-bit ones. */
package io.shoaldb.exec.expr.function.math;
