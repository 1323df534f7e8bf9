package io.shoaldb.exec.task;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.profile.DriverCounters;
import io.shoaldb.vector.Batch;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one instance of a pipeline on the worker pool, in slices of at most {@link #SLICE_BATCHES} batches;
 * between slices it re-queues itself so that the drivers of all queries share the workers fairly. A driver
 * whose source has nothing yet ({@link Operator#NOT_READY}) or whose sink is full returns its worker and is
 * resumed by the exchange or sink that stopped it: workers never wait for other tasks.
 * <p>
 * The state machine makes resumption race-free: a resume while the driver runs is remembered and honoured
 * when the slice ends, and a driver is never queued twice. Only the thread running the driver touches its
 * operators - they are created, used and closed there - so operators need no locking.
 */
public final class Driver implements Runnable {
    static final int SLICE_BATCHES = 16;
    private static final int IDLE = 0;
    private static final int QUEUED = 1;
    private static final int RUNNING = 2;
    private static final int RUNNING_RESUMED = 3;
    private static final int DONE = 4;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final QueryExecution query;
    private final Pipeline pipeline;
    private final int index;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    /** Null unless the query is profiled: then the driver times its slices and its sink. */
    private final DriverCounters counters;
    private Operator operator;
    /** The operators of this driver's chain that hold state across batches: measured after every slice. */
    private final List<RetainedMemory> owned = new ArrayList<>();
    private QueryMemory.Slot memory;

    Driver(QueryExecution query, Pipeline pipeline, int index, DriverCounters counters) {
        this.counters = counters;
        this.query = query;
        this.pipeline = pipeline;
        this.index = index;
    }

    /** Queues the driver unless it is queued, done, or running (then it runs another slice when this one ends). */
    public void resume() {
        while (true) {
            int s = state.get();
            if (s == IDLE) {
                if (state.compareAndSet(IDLE, QUEUED)) {
                    query.scheduler().submit(this);
                    return;
                }
            } else if (s == RUNNING) {
                if (state.compareAndSet(RUNNING, RUNNING_RESUMED)) {
                    return;
                }
            } else {
                return;
            }
        }
    }

    @Override
    public void run() {
        if (!state.compareAndSet(QUEUED, RUNNING)) {
            return;
        }
        boolean blocked;
        try {
            blocked = counters == null ? slice() : timedSlice();
            if (state.get() != DONE) {
                query.memory().update(memorySlot(), owned, pipeline.sink().retainedBytes(index));
            }
        } catch (Throwable t) {
            query.fail(t);
            finish(false);
            return;
        }
        if (state.get() == DONE) {
            return;
        }
        if (!blocked || !state.compareAndSet(RUNNING, IDLE)) {
            // Yielding after a full slice, or resumed while running: run again later.
            state.set(QUEUED);
            query.scheduler().submit(this);
        }
    }

    private boolean timedSlice() {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        try {
            return slice();
        } finally {
            counters.slice(start, System.nanoTime() - start, THREADS.getCurrentThreadCpuTime() - cpu);
        }
    }

    /** Runs up to one slice; true when the driver stopped because it waits for its source or its sink. */
    private boolean slice() {
        if (query.isCancelled()) {
            finish(false);
            return true;
        }
        query.checkDeadline();
        if (operator == null) {
            operator = pipeline.chain().create(index, this);
        }
        for (int i = 0; i < SLICE_BATCHES; i++) {
            if (query.isCancelled()) {
                finish(false);
                return true;
            }
            Batch b = operator.next();
            if (b == null) {
                finish(true);
                return true;
            }
            if (b == Operator.NOT_READY) {
                return true;
            }
            if (b == Operator.YIELD) {
                return false;
            }
            if (!toSink(b)) {
                return true;
            }
        }
        return false;
    }

    private boolean toSink(Batch b) {
        if (counters == null) {
            return pipeline.sink().add(index, b, this);
        }
        long start = System.nanoTime();
        boolean accepted = pipeline.sink().add(index, b, this);
        counters.sinkAdd(b.positionCount(), start, System.nanoTime() - start);
        return accepted;
    }

    /**
     * Called while this driver's chain is created (on the driver's thread): an operator that holds state across
     * batches is measured against the query's memory limit after every slice.
     */
    public <T extends Operator> T track(T op) {
        if (op instanceof RetainedMemory m) {
            owned.add(m);
            query.memory().holderCreated();
        }
        return op;
    }

    private QueryMemory.Slot memorySlot() {
        if (memory == null) {
            memory = query.memory().newSlot();
        }
        return memory;
    }

    private void finish(boolean completed) {
        state.set(DONE);
        if (memory != null) {
            query.memory().release(memory);
        }
        try {
            if (operator != null) {
                operator.close();
            }
            if (completed) {
                long start = System.nanoTime();
                pipeline.sink().finish(index);
                if (counters != null) {
                    counters.sinkFinish(System.nanoTime() - start);
                }
            }
        } catch (RuntimeException e) {
            query.fail(e);
        } finally {
            if (counters != null) {
                counters.finished(System.nanoTime());
            }
            query.driverFinished(pipeline, completed);
        }
    }

    boolean pipelineIs(Pipeline p) {
        return pipeline == p;
    }

    @Override
    public String toString() {
        return pipeline + "#" + index;
    }
}
