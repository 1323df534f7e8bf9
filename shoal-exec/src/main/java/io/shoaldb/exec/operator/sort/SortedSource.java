package io.shoaldb.exec.operator.sort;

import io.shoaldb.vector.Batch;

/** A stream of batches whose rows are already in sort order: a spilled run, or the sorted rows still in memory. */
interface SortedSource extends AutoCloseable {
    /** The next batch (flat columns, no selection), or null at the end. */
    Batch next();

    /** Bytes this source holds in memory now (its current batch, or its rows). */
    long retainedBytes();

    /** Releases what the source holds; a spilled run is deleted. Idempotent. */
    @Override
    void close();
}
