package io.shoaldb.exec.profile;

/**
 * What one driver of a profiled pipeline did as a whole: time in its slices (wall and thread CPU, operators
 * and sink together) and what it handed to its sink. Written by the driver's thread only.
 */
public final class DriverCounters {
    long sliceWallNanos;
    long sliceCpuNanos;
    long sinkBatches;
    long sinkRows;
    /** Time in the sink's add and finish: routing into an exchange, copying into a join build, building its table. */
    long sinkNanos;

    public void slice(long wallNanos, long cpuNanos) {
        sliceWallNanos += wallNanos;
        sliceCpuNanos += cpuNanos;
    }

    public void sinkAdd(int rows, long nanos) {
        sinkBatches++;
        sinkRows += rows;
        sinkNanos += nanos;
    }

    public void sinkFinish(long nanos) {
        sinkNanos += nanos;
    }
}
