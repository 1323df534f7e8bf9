package io.shoaldb.exec;

import io.shoaldb.common.memory.MemoryPool;
import io.shoaldb.exec.planner.LocalExecutionPlanner;
import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.spill.SpillBudget;
import io.shoaldb.exec.task.LoadShare;
import io.shoaldb.exec.task.QueryExecution;
import io.shoaldb.exec.task.ResultQueue;
import io.shoaldb.exec.task.TaskScheduler;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.TableSnapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs physical plans on one worker pool shared by all queries. A plan becomes a graph of pipelines
 * ({@link LocalExecutionPlanner}); all of them - the root too - run as drivers on the workers, and the root's
 * batches reach the client through a bounded queue read by the {@link QueryResultStream}. Each table the plan
 * reads is snapshotted once when the query starts (a table read twice sees one version) and every snapshot
 * is held until the stream is closed.
 */
public final class QueryExecutor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueryExecutor.class);
    private static final long CANCEL_WAIT_MILLIS = 60_000;

    private final StorageEngine storage;
    private final TaskScheduler scheduler;
    private final ExecutionListener listener;
    private final MemoryPool pool;

    public QueryExecutor(StorageEngine storage, int workerThreads) {
        this(storage, workerThreads, ExecutionListener.NONE);
    }

    public QueryExecutor(StorageEngine storage, int workerThreads, ExecutionListener listener) {
        this(storage, workerThreads, listener, MemoryPool.unbounded());
    }

    /** Queries also count in {@code pool}, the server's {@code mem_limit} shared with the loads. */
    public QueryExecutor(StorageEngine storage, int workerThreads, ExecutionListener listener, MemoryPool pool) {
        this(storage, LoadShare.none(workerThreads), workerThreads, listener, pool);
    }

    /** With {@code share}: how many workers run drivers while loads are in flight. */
    public QueryExecutor(StorageEngine storage, LoadShare share, int workerThreads, ExecutionListener listener,
                         MemoryPool pool) {
        this.storage = storage;
        this.scheduler = new TaskScheduler(workerThreads, share);
        this.listener = listener;
        this.pool = pool;
    }

    public int workerThreads() {
        return scheduler.threads();
    }

    /**
     * The degree of parallelism when the session does not choose one: one driver per data partition, and at least
     * one per worker thread (core). On one data path the partitions are counted one per GB of memory, so a small
     * heap has fewer partitions than cores; one driver per partition then left cores idle (TPC-H SF10 on a 1 GB
     * heap ran each pipeline on one of two cores, for the same CPU per query as two drivers spend).
     */
    public int defaultParallelism() {
        return Math.max(storage.partitions().count(), scheduler.threads());
    }

    public QueryResultStream execute(PhysicalPlan plan) {
        return execute(plan, QueryContext.defaults());
    }

    public QueryResultStream execute(PhysicalPlan plan, QueryContext context) {
        return execute(plan, context, null);
    }

    /**
     * Runs the plan; a measuring {@code profile} (or null) counts what every operator and driver does, readable
     * from the stream's {@link QueryResultStream#profile()} once it is closed.
     */
    public QueryResultStream execute(PhysicalPlan plan, QueryContext context, QueryProfile profile) {
        int parallelism = parallelism(context);
        QueryExecution query = new QueryExecution(scheduler, context.timeoutSeconds(), context.memLimitBytes(), profile);
        query.spillWith(new QuerySpill(context.spill(), query.memory(),
                SpillBudget.bytes(context.memLimitBytes(), pool), parallelism,
                storage.spillSpace().forQuery(context.queryId())));
        query.memory().joinPool(pool);
        Map<Long, TableSnapshot> snapshots = new HashMap<>();
        try {
            // Enough room that every worker can hand over a batch without parking in the steady state.
            int capacity = Math.max(4, 2 * scheduler.threads());
            ResultQueue result = new LocalExecutionPlanner(query,
                    tableId -> snapshots.computeIfAbsent(tableId, storage::snapshot), parallelism, capacity, listener)
                    .plan(plan.root());
            QueryResultStream stream = new QueryResultStream(plan.columns(), result, query,
                    () -> release(query, snapshots));
            query.start();
            return stream;
        } catch (RuntimeException e) {
            snapshots.values().forEach(TableSnapshot::close);
            query.spill().close();
            query.memory().leavePool();
            throw e;
        }
    }

    /**
     * EXPLAIN: the pipelines the plan would run as, with their operators, sinks and drivers, without running
     * anything (the tables are snapshotted to count nothing but are released at once).
     */
    public List<String> explain(PhysicalPlan plan, QueryContext context) {
        QueryProfile profile = QueryProfile.planOnly();
        QueryExecution query = new QueryExecution(scheduler, context.timeoutSeconds(), context.memLimitBytes(), profile);
        Map<Long, TableSnapshot> snapshots = new HashMap<>();
        try {
            new LocalExecutionPlanner(query, tableId -> snapshots.computeIfAbsent(tableId, storage::snapshot),
                    parallelism(context), 1, listener).plan(plan.root());
            return profile.render();
        } finally {
            snapshots.values().forEach(TableSnapshot::close);
        }
    }

    private int parallelism(QueryContext context) {
        return context.parallelism() > 0 ? context.parallelism() : defaultParallelism();
    }

    /**
     * Stops the query's drivers, waits until they have closed their scans, then releases the snapshots and deletes
     * the query's spill runs.
     */
    private static void release(QueryExecution query, Map<Long, TableSnapshot> snapshots) {
        try {
            if (!query.cancelAndWait(CANCEL_WAIT_MILLIS)) {
                LOG.warn("query tasks still running {} ms after cancellation; releasing the snapshots anyway",
                        CANCEL_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            snapshots.values().forEach(TableSnapshot::close);
            query.spill().close();
            query.memory().leavePool();
        }
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
