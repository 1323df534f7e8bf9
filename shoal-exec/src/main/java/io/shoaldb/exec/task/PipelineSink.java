package io.shoaldb.exec.task;

import io.shoaldb.vector.Batch;

/**
 * Where a pipeline's drivers put their batches: an exchange, a join's hash build, the query's result. A sink
 * never blocks a worker: when it cannot take more it keeps the batch, parks the driver and resumes it later.
 */
public interface PipelineSink {
    /** Takes a batch of driver {@code driver}; false when the driver must stop until the sink resumes it. */
    boolean add(int driver, Batch batch, Driver self);

    /** Driver {@code driver} produced its last batch (called once per driver, only on success). */
    void finish(int driver);

    /** What the sink is, for EXPLAIN. */
    default String describe() {
        return getClass().getSimpleName();
    }

    /** An estimate of the bytes the sink holds for the rest of the query (a join's hash tables), for profiles. */
    default long retainedBytes() {
        return 0;
    }
}
