package io.shoaldb.exec.operator;

import io.shoaldb.vector.Batch;

/**
 * The operator contract: pull-based and single-threaded. An operator is used by one thread at a time
 * (the task that owns it) and moves through three states:
 * <pre>
 *   OPEN --next() returns a batch--> OPEN
 *   OPEN --next() returns null-----> FINISHED   (every later next() returns null)
 *   any  --close()-----------------> CLOSED     (idempotent; releases files, memory, inputs)
 * </pre>
 * {@link #next()} returns a batch with at least one position, or null at the end, or {@link #NOT_READY}
 * when its input waits for another task (an exchange with nothing buffered yet): the operator keeps its
 * state, passes NOT_READY up, and the driver gives its worker back until the exchange resumes it. An operator
 * that consumes input without producing (aggregation, sort, a selective filter or join) returns {@link #YIELD}
 * after {@link #INPUT_BATCHES_PER_CALL} input batches, so that no call runs unbounded: the driver then lets
 * other drivers run and checks cancellation and the query's deadline before calling again. It may
 * block only on I/O (storage reads), never on another task. A batch returned stays valid after the next call (operators never reuse
 * arrays of batches they have handed out). {@link #close()} closes the operator's inputs too and may be
 * called at any point, including before the end (LIMIT satisfied, client gone, query cancelled).
 */
public interface Operator extends AutoCloseable {
    /** Returned by {@link #next()} instead of waiting: call again once the driver is resumed. Compare by identity. */
    Batch NOT_READY = new Batch(0);

    /**
     * Returned by {@link #next()} after a stretch of work with nothing to hand up: call again soon (the driver
     * re-queues itself at once). Compare by identity.
     */
    Batch YIELD = new Batch(0);

    /** Input batches one {@link #next()} call may consume before it returns {@link #YIELD}. */
    int INPUT_BATCHES_PER_CALL = 32;

    /** NOT_READY or YIELD: not data; an operator passes it up unchanged. */
    static boolean isSignal(Batch b) {
        return b == NOT_READY || b == YIELD;
    }

    Batch next();

    @Override
    void close();
}
