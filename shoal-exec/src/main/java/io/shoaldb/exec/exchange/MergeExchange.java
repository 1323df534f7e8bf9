package io.shoaldb.exec.exchange;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.QueryExecution;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * The end of a parallel sort inside one process: each producer sends its rows already sorted by the
 * ordering, into its own bounded queue, and the one consumer merges the producers' streams with a heap
 * ({@link MergeSourceOperator}). The consumer can only emit a row once it has seen the next row of every
 * producer that has not finished, so it waits (NOT_READY) for an empty queue of an unfinished producer; a
 * producer whose queue reaches {@code capacity} parks until the consumer takes from that queue. One lock
 * guards all queues (hand-overs are per batch).
 */
public final class MergeExchange implements Exchange {
    private final List<SortKey> ordering;
    private final int capacity;
    private final ArrayDeque<Batch>[] queues;
    private final boolean[] finished;
    private final Driver[] parkedProducers;
    private Driver waitingConsumer;
    private boolean cancelled;
    private boolean sourceCreated;

    @SuppressWarnings("unchecked")
    public MergeExchange(QueryExecution query, List<SortKey> ordering, int producers, int capacity) {
        this.ordering = List.copyOf(ordering);
        this.capacity = capacity;
        this.queues = new ArrayDeque[producers];
        for (int p = 0; p < producers; p++) {
            queues[p] = new ArrayDeque<>();
        }
        this.finished = new boolean[producers];
        this.parkedProducers = new Driver[producers];
        query.onCancel(this::cancel);
    }

    @Override
    public String describe() {
        return "EXCHANGE(MERGE) ordering=" + ordering + " producers=" + queues.length;
    }

    @Override
    public int partitions() {
        return 1;
    }

    @Override
    public boolean add(int driver, Batch batch, Driver self) {
        if (batch.positionCount() == 0) {
            return true;
        }
        Batch compact = batch.compact();
        Driver wake;
        boolean full;
        synchronized (this) {
            if (cancelled) {
                return true;
            }
            queues[driver].add(compact);
            full = queues[driver].size() >= capacity;
            if (full) {
                parkedProducers[driver] = self;
            }
            wake = waitingConsumer;
            waitingConsumer = null;
        }
        if (wake != null) {
            wake.resume();
        }
        return !full;
    }

    @Override
    public void finish(int driver) {
        Driver wake;
        synchronized (this) {
            finished[driver] = true;
            wake = waitingConsumer;
            waitingConsumer = null;
        }
        if (wake != null) {
            wake.resume();
        }
    }

    int producers() {
        return queues.length;
    }

    /**
     * The next batch of producer {@code producer}: a batch, null when it has finished and sent everything,
     * or NOT_READY (the consumer registered to be resumed) when none is buffered yet.
     */
    Batch take(int producer, Driver consumer) {
        Driver wake = null;
        Batch b;
        synchronized (this) {
            b = queues[producer].poll();
            if (b == null) {
                if (finished[producer] || cancelled) {
                    return null;
                }
                waitingConsumer = consumer;
                return Operator.NOT_READY;
            }
            if (parkedProducers[producer] != null && queues[producer].size() < capacity) {
                wake = parkedProducers[producer];
                parkedProducers[producer] = null;
            }
        }
        if (wake != null) {
            wake.resume();
        }
        return b;
    }

    private void cancel() {
        synchronized (this) {
            cancelled = true;
            for (ArrayDeque<Batch> q : queues) {
                q.clear();
            }
            Arrays.fill(parkedProducers, null);
            waitingConsumer = null;
        }
    }

    @Override
    public synchronized Operator source(int partition, Driver consumer) {
        if (partition != 0 || sourceCreated) {
            throw new IllegalStateException("a MERGE exchange has one consumer");
        }
        sourceCreated = true;
        return new MergeSourceOperator(this, ordering, consumer);
    }
}
