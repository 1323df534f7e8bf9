package io.shoaldb.exec.exchange;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.QueryExecution;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * An exchange inside one process: one bounded queue per consumer partition. A producer whose batch fills a
 * queue to {@code capacity} parks until that queue's consumer takes a batch; a consumer whose queue is empty
 * while producers remain gets {@link Operator#NOT_READY} and is resumed by the next batch or the last
 * producer's finish. So memory between two pipelines is bounded and neither side holds a worker while
 * waiting. One lock guards all queues (hand-overs are per batch, not per row).
 */
public final class LocalExchange implements Exchange {
    private final PhysicalExchange.Kind kind;
    private final List<Expr> keys;
    private final int partitions;
    private final int capacity;
    private final Routing[] routings;
    private final ArrayDeque<Batch>[] queues;
    private final Driver[] waitingConsumers;
    private final List<Driver> parkedProducers = new ArrayList<>();
    private int producers;
    private boolean cancelled;

    @SuppressWarnings("unchecked")
    public LocalExchange(QueryExecution query, PhysicalExchange.Kind kind, List<Expr> keys, int producers,
                         int partitions, int capacity) {
        this.kind = kind;
        this.keys = List.copyOf(keys);
        this.partitions = partitions;
        this.capacity = capacity;
        this.producers = producers;
        this.routings = new Routing[producers];
        for (int i = 0; i < producers; i++) {
            routings[i] = Routing.of(kind, keys);
        }
        this.queues = new ArrayDeque[partitions];
        for (int p = 0; p < partitions; p++) {
            queues[p] = new ArrayDeque<>();
        }
        this.waitingConsumers = new Driver[partitions];
        query.onCancel(this::cancel);
    }

    @Override
    public String describe() {
        return "EXCHANGE(" + kind + ")" + (keys.isEmpty() ? "" : " keys=" + keys) + " partitions=" + partitions;
    }

    @Override
    public int partitions() {
        return partitions;
    }

    @Override
    public boolean add(int driver, Batch batch, Driver self) {
        // Routing evaluates key expressions: done outside the lock, by the producer's own kernels.
        Batch[] routed = routings[driver].route(batch, partitions);
        List<Driver> wake = new ArrayList<>();
        boolean full = false;
        synchronized (this) {
            if (cancelled) {
                return true;
            }
            for (int p = 0; p < partitions; p++) {
                if (routed[p] == null || routed[p].positionCount() == 0) {
                    continue;
                }
                queues[p].add(routed[p]);
                full |= queues[p].size() >= capacity;
                if (waitingConsumers[p] != null) {
                    wake.add(waitingConsumers[p]);
                    waitingConsumers[p] = null;
                }
            }
            if (full) {
                parkedProducers.add(self);
            }
        }
        wake.forEach(Driver::resume);
        return !full;
    }

    @Override
    public void finish(int driver) {
        List<Driver> wake = new ArrayList<>();
        synchronized (this) {
            if (--producers == 0) {
                for (int p = 0; p < partitions; p++) {
                    if (waitingConsumers[p] != null) {
                        wake.add(waitingConsumers[p]);
                        waitingConsumers[p] = null;
                    }
                }
            }
        }
        wake.forEach(Driver::resume);
    }

    /** A batch for consumer {@code partition}, null at the end, NOT_READY (and the consumer registered) if none yet. */
    Batch take(int partition, Driver consumer) {
        List<Driver> wake = List.of();
        Batch b;
        synchronized (this) {
            b = queues[partition].poll();
            if (b == null) {
                if (producers == 0 || cancelled) {
                    return null;
                }
                waitingConsumers[partition] = consumer;
                return Operator.NOT_READY;
            }
            if (!parkedProducers.isEmpty() && queues[partition].size() < capacity && noQueueFull()) {
                wake = new ArrayList<>(parkedProducers);
                parkedProducers.clear();
            }
        }
        wake.forEach(Driver::resume);
        return b;
    }

    private boolean noQueueFull() {
        for (ArrayDeque<Batch> q : queues) {
            if (q.size() >= capacity) {
                return false;
            }
        }
        return true;
    }

    private void cancel() {
        synchronized (this) {
            cancelled = true;
            for (ArrayDeque<Batch> q : queues) {
                q.clear();
            }
            parkedProducers.clear();
            java.util.Arrays.fill(waitingConsumers, null);
        }
    }

    @Override
    public Operator source(int partition, Driver consumer) {
        return new ExchangeSourceOperator(this, partition, consumer);
    }
}
