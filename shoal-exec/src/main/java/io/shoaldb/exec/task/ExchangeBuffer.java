package io.shoaldb.exec.task;

import io.shoaldb.vector.Batch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The GATHER exchange: batches from all parallel drivers of a query to its single consumer. Bounded: a
 * driver whose batch fills the buffer parks (stops being scheduled) until the consumer takes a batch,
 * so memory between stages is at most {@code capacity + drivers} batches and producers never block a
 * worker thread. The consumer blocks in {@link #take()}.
 */
public final class ExchangeBuffer {
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Batch> queue = new ArrayDeque<>();
    private final List<Driver> parked = new ArrayList<>();
    private int producers;
    private Throwable failure;
    private boolean closed;

    public ExchangeBuffer(int capacity, int producers) {
        this.capacity = capacity;
        this.producers = producers;
    }

    /** Adds a batch; false when the buffer is now full and the driver has been parked (it must return). */
    boolean add(Batch batch, Driver producer) {
        lock.lock();
        try {
            if (closed) {
                return true;
            }
            queue.add(batch);
            changed.signalAll();
            if (queue.size() >= capacity) {
                parked.add(producer);
                return false;
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    void producerFinished() {
        lock.lock();
        try {
            producers--;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void fail(Throwable t) {
        lock.lock();
        try {
            if (failure == null) {
                failure = t;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The next batch, null when every producer has finished; rethrows the first producer failure. */
    public Batch take() throws InterruptedException {
        List<Driver> wake;
        Batch b;
        lock.lock();
        try {
            while (queue.isEmpty() && producers > 0 && failure == null && !closed) {
                changed.await();
            }
            if (failure != null) {
                throw new ProducerFailure(failure);
            }
            b = queue.poll();
            wake = drainParked();
        } finally {
            lock.unlock();
        }
        wake.forEach(Driver::resume);
        return b;
    }

    /** The consumer is gone: drop buffered batches and let parked drivers run to see the cancellation. */
    void close() {
        List<Driver> wake;
        lock.lock();
        try {
            closed = true;
            queue.clear();
            wake = new ArrayList<>(parked);
            parked.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        wake.forEach(Driver::resume);
    }

    private List<Driver> drainParked() {
        if (parked.isEmpty() || queue.size() >= capacity) {
            return List.of();
        }
        List<Driver> wake = new ArrayList<>(parked);
        parked.clear();
        return wake;
    }

    /** A producer's exception, carried to the consumer's thread. */
    public static final class ProducerFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProducerFailure(Throwable cause) {
            super(cause);
        }
    }
}
