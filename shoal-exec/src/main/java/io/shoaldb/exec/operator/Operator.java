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
 * {@link #next()} returns a batch with at least one position, or null at the end; it may block only
 * on I/O (storage reads) - never on another task - except the exchange source at the top of a
 * single-threaded fragment. A batch returned stays valid after the next call (operators never reuse
 * arrays of batches they have handed out). {@link #close()} closes the operator's inputs too and may be
 * called at any point, including before the end (LIMIT satisfied, client gone, query cancelled).
 */
public interface Operator extends AutoCloseable {
    Batch next();

    @Override
    void close();
}
