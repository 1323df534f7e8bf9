package io.shoaldb.exec.task;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.vector.Batch;
import java.util.function.Supplier;

/**
 * Runs one pipeline (operators of one split, e.g. one tablet) on the worker pool, in slices of at most
 * {@link #SLICE_BATCHES} batches; between slices it re-queues itself so that tasks of all queries share
 * the workers fairly. Only the thread currently running the driver touches its operators - they are
 * created, used and closed there - so operators need no locking.
 */
public final class Driver implements Runnable {
    static final int SLICE_BATCHES = 16;

    private final Supplier<Operator> pipeline;
    private final ExchangeBuffer output;
    private final TaskScheduler scheduler;
    private final QueryTasks query;
    private final Runnable onStart;
    private Operator operator;
    private boolean done;

    public Driver(Supplier<Operator> pipeline, ExchangeBuffer output, TaskScheduler scheduler, QueryTasks query,
                  Runnable onStart) {
        this.pipeline = pipeline;
        this.output = output;
        this.scheduler = scheduler;
        this.query = query;
        this.onStart = onStart;
    }

    public void start() {
        scheduler.submit(this);
    }

    /** Called by the exchange when a parked driver may continue. */
    void resume() {
        scheduler.submit(this);
    }

    @Override
    public void run() {
        if (done) {
            return;
        }
        try {
            if (query.isCancelled()) {
                finish();
                return;
            }
            if (operator == null) {
                onStart.run();
                operator = pipeline.get();
            }
            for (int i = 0; i < SLICE_BATCHES; i++) {
                if (query.isCancelled()) {
                    finish();
                    return;
                }
                Batch b = operator.next();
                if (b == null) {
                    finish();
                    return;
                }
                if (!output.add(b, this)) {
                    return; // parked: the consumer resumes us when there is room
                }
            }
            scheduler.submit(this);
        } catch (Throwable t) {
            output.fail(t);
            finish();
        }
    }

    private void finish() {
        done = true;
        try {
            if (operator != null) {
                operator.close();
            }
        } catch (RuntimeException e) {
            output.fail(e);
        } finally {
            output.producerFinished();
            query.taskFinished();
        }
    }
}
