/**
 * Date and time functions over DATE (days) and DATETIME (microseconds): interval arithmetic, fields, formats,
 * truncation; calendar arithmetic on numbers, without java.time per row.
 */
package io.shoaldb.exec.expr.function.datetime;
