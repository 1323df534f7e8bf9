package io.shoaldb.exec.profile;

/**
 * What one driver of a profiled pipeline did as a whole: time in its slices (wall and thread CPU, operators
 * and sink together), what it handed to its sink, and when ({@link System#nanoTime}) its first slice started, its
 * first batch reached the sink and it finished - where a query's wall time goes between pipelines. Written by the
 * driver's thread only.
 */
public final class DriverCounters {
    long sliceWallNanos;
    long sliceCpuNanos;
    long sinkBatches;
    long sinkRows;
    /** Time in the sink's add and finish: routing into an exchange, copying into a join build, building its table. */
    long sinkNanos;
    /** Clock readings, 0 until the event happened. */
    long firstSliceAt;
    long firstSinkAt;
    long finishedAt;

    public void slice(long startedAt, long wallNanos, long cpuNanos) {
        if (firstSliceAt == 0) {
            firstSliceAt = startedAt;
        }
        sliceWallNanos += wallNanos;
        sliceCpuNanos += cpuNanos;
    }

    public void sinkAdd(int rows, long startedAt, long nanos) {
        if (firstSinkAt == 0) {
            firstSinkAt = startedAt;
        }
        sinkBatches++;
        sinkRows += rows;
        sinkNanos += nanos;
    }

    public void sinkFinish(long nanos) {
        sinkNanos += nanos;
    }

    /** The driver is done (its sink finished, or it stopped on cancellation). */
    public void finished(long at) {
        finishedAt = at;
    }
}
