/**
 * Vectorised evaluation of physical-plan expressions over batches: value kernels that produce a column
 * vector per batch and filter kernels that narrow selection vectors, each a typed loop chosen once per
 * expression at compile time.
 */
package io.shoaldb.exec.expr;
