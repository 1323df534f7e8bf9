package io.shoaldb.server.streamload;

/**
 * The phase times of a Stream Load reply. Reading and writing interleave (batches are written as they are
 * decoded), so {@code ReadDataTimeMs} and {@code WriteDataTimeMs} are sums of the time spent in each, and
 * {@code ReceiveDataTimeMs} is the wall time from the first body read to the end of the body.
 */
final class LoadTimes {
    private final long startNanos;
    private long putNanos = -1;
    private long readNanos;
    private long writeNanos;
    private long receiveStartNanos = -1;
    private long receiveEndNanos = -1;
    private long beginTxnMs = -1;
    private long commitMs = -1;

    LoadTimes(long startNanos) {
        this.startNanos = startNanos;
    }

    /** Planning (resolving the table, parsing headers) is over: Doris's {@code StreamLoadPutTimeMs}. */
    void planned() {
        putNanos = System.nanoTime() - startNanos;
    }

    void startReceiving() {
        if (receiveStartNanos < 0) {
            receiveStartNanos = System.nanoTime();
        }
    }

    void endReceiving() {
        if (receiveEndNanos < 0) {
            receiveEndNanos = System.nanoTime();
        }
    }

    void addRead(long nanos) {
        readNanos += nanos;
    }

    void addWrite(long nanos) {
        writeNanos += nanos;
    }

    void beginTxn(long nanos) {
        beginTxnMs = millis(nanos);
    }

    void commitAndPublish(long nanos) {
        commitMs = millis(nanos);
    }

    long loadTimeMs() {
        return millis(System.nanoTime() - startNanos);
    }

    long putMs() {
        return putNanos < 0 ? 0 : millis(putNanos);
    }

    long readMs() {
        return millis(readNanos);
    }

    long writeMs() {
        return millis(writeNanos);
    }

    long receiveMs() {
        if (receiveStartNanos < 0) {
            return 0;
        }
        return millis((receiveEndNanos < 0 ? System.nanoTime() : receiveEndNanos) - receiveStartNanos);
    }

    long beginTxnMs() {
        return beginTxnMs;
    }

    long commitMs() {
        return commitMs;
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
