package io.shoaldb.exec.task;

import io.shoaldb.vector.Batch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sink of a query's root pipeline: batches for the client, read by the session's thread. Bounded: a
 * driver whose batch fills the queue parks until the client takes one, so a slow client holds memory of at
 * most {@code capacity + drivers} batches and no worker. The reader blocks in {@link #take()} (it is not a
 * worker); a query failure or cancellation wakes it.
 */
public final class ResultQueue implements PipelineSink {
    private final int capacity;
    private final QueryExecution query;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Batch> queue = new ArrayDeque<>();
    private final List<Driver> parked = new ArrayList<>();
    private int producers;

    public ResultQueue(QueryExecution query, int capacity, int producers) {
        this.query = query;
        this.capacity = capacity;
        this.producers = producers;
        query.onCancel(this::wake);
    }

    @Override
    public boolean add(int driver, Batch batch, Driver self) {
        lock.lock();
        try {
            if (query.isCancelled()) {
                return true;
            }
            queue.add(batch);
            changed.signalAll();
            if (queue.size() >= capacity) {
                parked.add(self);
                return false;
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void finish(int driver) {
        lock.lock();
        try {
            producers--;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String describe() {
        return "RESULT";
    }

    /** The next batch, null when the root pipeline has finished; rethrows the query's failure. */
    public Batch take() throws InterruptedException {
        List<Driver> wake = List.of();
        Batch b;
        lock.lock();
        try {
            while (queue.isEmpty() && producers > 0 && !query.isCancelled()) {
                changed.await();
            }
            if (query.failure() != null) {
                throw QueryExecution.clientError(query.failure());
            }
            b = queue.poll();
            if (!parked.isEmpty() && queue.size() < capacity) {
                wake = new ArrayList<>(parked);
                parked.clear();
            }
        } finally {
            lock.unlock();
        }
        wake.forEach(Driver::resume);
        return b;
    }

    private void wake() {
        lock.lock();
        try {
            queue.clear();
            parked.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
