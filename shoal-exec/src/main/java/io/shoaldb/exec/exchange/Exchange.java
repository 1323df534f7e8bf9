package io.shoaldb.exec.exchange;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.PipelineSink;

/**
 * Moves batches from the drivers of one pipeline (producers, through the {@link PipelineSink} side) to the
 * drivers of the next (consumers, one {@link #source source} per consumer partition). The routing - all to
 * one consumer, by key hash, to every consumer - is the exchange's business; producers and consumers only
 * see "add a batch, maybe park" and "take a batch, or NOT_READY". That contract is the seam for a remote
 * exchange: its sink serialises and sends, its source receives, and a driver waiting on the network parks
 * exactly as it does on an empty local queue.
 */
public interface Exchange extends PipelineSink {
    /** Consumer partitions. */
    int partitions();

    /** The source operator of consumer {@code partition}, run by driver {@code consumer}. */
    Operator source(int partition, Driver consumer);
}
