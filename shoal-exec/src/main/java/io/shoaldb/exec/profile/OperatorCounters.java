package io.shoaldb.exec.profile;

/**
 * What one driver's instance of an operator did. Written only by the driver's thread while the query runs
 * and read once every driver has finished (the query's completion orders the reads after the writes).
 */
final class OperatorCounters {
    long batches;
    long rows;
    /** Rows a source read, when it reads more than it returns (a filtered scan); 0 otherwise. */
    long rowsRead;
    /** Time inside {@code next()}, the operator's inputs in the same pipeline included. */
    long wallNanos;
    long cpuNanos;
    long peakBytes;
    /** What a {@link io.shoaldb.exec.operator.Spilled} operator wrote to spill runs. */
    long spilledBytes;
    long spilledRuns;
}
