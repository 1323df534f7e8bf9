package io.shoaldb.exec;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.planner.LocalExecutionPlanner;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.ExchangeBuffer;
import io.shoaldb.exec.task.QueryTasks;
import io.shoaldb.exec.task.TaskScheduler;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.TableSnapshot;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs physical plans. The part of a plan below its GATHER exchange runs as one driver per tablet on the
 * shared worker pool (all tablets of all data partitions are queued at once; at most {@code workerThreads}
 * run at a time); each driver scans, filters, projects and pre-aggregates (or pre-sorts / pre-limits) its
 * tablet and pushes batches into a bounded exchange. The part above the exchange - final aggregation,
 * final sort, limit - runs in the thread that reads the {@link QueryResultStream}. The table snapshot is
 * taken when the query starts and held until the stream is closed.
 */
public final class QueryExecutor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueryExecutor.class);
    private static final long CANCEL_WAIT_MILLIS = 60_000;

    private final StorageEngine storage;
    private final TaskScheduler scheduler;
    private final ExecutionListener listener;

    public QueryExecutor(StorageEngine storage, int workerThreads) {
        this(storage, workerThreads, ExecutionListener.NONE);
    }

    public QueryExecutor(StorageEngine storage, int workerThreads, ExecutionListener listener) {
        this.storage = storage;
        this.scheduler = new TaskScheduler(workerThreads);
        this.listener = listener;
    }

    public int workerThreads() {
        return scheduler.threads();
    }

    public QueryResultStream execute(PhysicalPlan plan) {
        PhysicalExchange exchange = LocalExecutionPlanner.findExchange(plan.root());
        if (exchange == null) {
            Operator root = LocalExecutionPlanner.buildRoot(plan.root(), null);
            return new QueryResultStream(plan.columns(), root, () -> { });
        }
        PhysicalScan scan = LocalExecutionPlanner.findScan(exchange.input());
        TableSnapshot snapshot = storage.snapshot(scan.tableId());
        try {
            List<Long> tablets = new ArrayList<>(snapshot.tabletIds());
            // Enough room that every worker can hand over a batch without parking in the steady state.
            ExchangeBuffer buffer = new ExchangeBuffer(Math.max(4, 2 * scheduler.threads()), tablets.size());
            QueryTasks tasks = new QueryTasks(tablets.size());
            Operator root = LocalExecutionPlanner.buildRoot(plan.root(), buffer);
            List<Driver> drivers = new ArrayList<>();
            for (long tablet : tablets) {
                drivers.add(new Driver(() -> LocalExecutionPlanner.buildSplit(exchange.input(), snapshot, tablet),
                        buffer, scheduler, tasks, () -> listener.scanTaskStarted(scan.tableId(), tablet)));
            }
            QueryResultStream stream = new QueryResultStream(plan.columns(), root, () -> release(tasks, buffer, snapshot));
            drivers.forEach(Driver::start);
            return stream;
        } catch (RuntimeException e) {
            snapshot.close();
            throw e;
        }
    }

    /** Stops the query's drivers, waits until they have closed their scans, then releases the snapshot. */
    private static void release(QueryTasks tasks, ExchangeBuffer buffer, TableSnapshot snapshot) {
        try {
            if (!tasks.cancelAndWait(buffer, CANCEL_WAIT_MILLIS)) {
                LOG.warn("query tasks still running {} ms after cancellation; releasing the snapshot anyway",
                        CANCEL_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            snapshot.close();
        }
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
