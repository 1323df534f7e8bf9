package io.shoaldb.exec.task;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.exec.operator.ScanCounters;
import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.exec.spill.QuerySpill;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The running state of one query: its pipelines and drivers, the first failure, and cancellation. Pipelines
 * start when their dependencies (join builds) have finished; a failure in any driver cancels every driver
 * and reaches the client through the result. {@link #cancelAndWait} is how the result stream stops the
 * query: drivers see the flag between batches, close their operators and count down.
 */
public final class QueryExecution {
    private final TaskScheduler scheduler;
    private final long deadlineNanos;
    private final long timeoutSeconds;
    private final List<Pipeline> pipelines = new ArrayList<>();
    private final List<Driver> drivers = new ArrayList<>();
    private final List<Runnable> onCancel = new ArrayList<>();
    private final QueryProfile profile;
    private final ScanCounters scans = new ScanCounters();
    private final QueryMemory memory;
    private QuerySpill spill;
    private CountDownLatch running;
    private volatile boolean cancelled;
    private volatile Throwable failure;

    /** A query whose pipelines {@code profile} records (null: none); a measuring profile also counts. */
    public QueryExecution(TaskScheduler scheduler, long timeoutSeconds, long memLimitBytes, QueryProfile profile) {
        this.profile = profile;
        this.memory = new QueryMemory(memLimitBytes);
        this.spill = QuerySpill.disabled(memory);
        this.scheduler = scheduler;
        this.timeoutSeconds = timeoutSeconds;
        this.deadlineNanos = timeoutSeconds == 0 ? 0 : System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    }

    TaskScheduler scheduler() {
        return scheduler;
    }

    /** Adds a pipeline (its dependencies first); call before {@link #start()}. */
    public void add(Pipeline pipeline) {
        pipelines.add(pipeline);
        if (profile != null) {
            profile.pipelineAdded(pipeline, pipeline.chain(), pipeline.sink());
        }
    }

    /** The profile recording this query, or null. */
    public QueryProfile profile() {
        return profile;
    }

    /** What the query holds in memory, against its exec_mem_limit. */
    public QueryMemory memory() {
        return memory;
    }

    /** How the query's operators spill; disabled unless {@link #spillWith} gave it a place to spill to. */
    public QuerySpill spill() {
        return spill;
    }

    /** Lets the query spill; call before its pipelines are planned. The executor closes it when the query ends. */
    public void spillWith(QuerySpill spill) {
        this.spill = spill;
    }

    /** What the query's scans have read so far. */
    public ScanCounters scans() {
        return scans;
    }

    /** Something to wake when the query is cancelled (sinks and exchanges with parked drivers). */
    public void onCancel(Runnable r) {
        onCancel.add(r);
    }

    public void start() {
        List<Driver> startNow = new ArrayList<>();
        synchronized (this) {
            for (Pipeline p : pipelines) {
                for (int i = 0; i < p.drivers(); i++) {
                    Driver d = new Driver(this, p, i, profile == null ? null : profile.driver(p, i));
                    drivers.add(d);
                    if (p.ready()) {
                        startNow.add(d);
                    }
                }
            }
            running = new CountDownLatch(drivers.size());
        }
        startNow.forEach(Driver::resume);
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** The first failure of any driver, or null. */
    public Throwable failure() {
        return failure;
    }

    void checkDeadline() {
        if (deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0) {
            throw ErrorCode.QUERY_TIMEOUT.exception(timeoutSeconds);
        }
    }

    /** Records the first failure and cancels the query. */
    public void fail(Throwable t) {
        synchronized (this) {
            if (failure == null && !cancelled) {
                failure = t;
            }
        }
        cancel();
    }

    void driverFinished(Pipeline pipeline, boolean completed) {
        List<Driver> startNow = new ArrayList<>();
        synchronized (this) {
            if (pipeline.driverFinished() && completed && !cancelled) {
                for (Pipeline ready : pipeline.release()) {
                    for (Driver d : drivers) {
                        if (d.pipelineIs(ready)) {
                            startNow.add(d);
                        }
                    }
                }
            }
        }
        running.countDown();
        startNow.forEach(Driver::resume);
    }

    /** Stops every driver: they close their operators at their next batch boundary (or now, if parked). */
    public void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        List<Driver> all;
        synchronized (this) {
            all = List.copyOf(drivers);
        }
        onCancel.forEach(Runnable::run);
        all.forEach(Driver::resume);
    }

    /** Cancels and waits until every driver has closed its operators; false on timeout. */
    public boolean cancelAndWait(long timeoutMillis) throws InterruptedException {
        cancel();
        return running == null || running.await(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** The failure as the client should see it. */
    public static ShoalException clientError(Throwable t) {
        if (t instanceof ShoalException s) {
            return s;
        }
        return ErrorCode.INTERNAL_ERROR.exceptionWithCause(t, String.valueOf(t));
    }
}
