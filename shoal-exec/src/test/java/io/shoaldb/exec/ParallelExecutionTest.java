package io.shoaldb.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;

import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scheduling: tablets, and the page ranges of one tablet, are scanned concurrently, and closing a stream early stops and releases everything. */
class ParallelExecutionTest {
    @TempDir
    Path dir;

    @Test
    void allTabletsAreScannedAtTheSameTime() {
        int tablets = 4;
        CountDownLatch started = new CountDownLatch(tablets);
        AtomicInteger sawAllRunning = new AtomicInteger();
        Set<Long> tabletIds = ConcurrentHashMap.newKeySet();
        List<Long> unitTablets = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        ExecutionListener listener = new ExecutionListener() {
            @Override
            public void scanTaskStarted(long tableId, long tabletId) {
                tabletIds.add(tabletId);
                unitTablets.add(tabletId);
                started.countDown();
                try {
                    // Every task waits here until all have arrived: only possible if they run at once.
                    if (started.await(30, TimeUnit.SECONDS)) {
                        sawAllRunning.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        try (TestDatabase db = new TestDatabase(dir, 4, tablets, listener)) {
            Lineitem.create(db, tablets);
            Lineitem.load(db, Lineitem.generate(20_000, 3), 2);
            assertThat(db.query("SELECT count(*) FROM lineitem")).containsExactly(List.of(20_000L));
        }
        // Each driver's first unit waits for the others': the first units, running at once, are of every tablet.
        assertThat(sawAllRunning.get()).isEqualTo(unitTablets.size());
        assertThat(unitTablets.subList(0, tablets)).doesNotHaveDuplicates();
        assertThat(tabletIds).hasSize(tablets);
    }

    @Test
    void aOneTabletTableIsScannedByEveryDriverAtOnce() {
        // Every unit's start waits until another unit has started too: only possible if the two drivers scan the
        // one tablet at the same time (with a unit per tablet, the lone driver would time out).
        int drivers = 2;
        ScanRendezvous listener = new ScanRendezvous(drivers);
        try (TestDatabase db = new TestDatabase(dir, drivers, drivers, listener)) {
            Lineitem.create(db, 1);
            Lineitem.load(db, Lineitem.generate(100_000, 7), 1);
            QueryProfile profile = QueryProfile.measuring();
            long count;
            try (QueryResultStream s = db.executor.execute(db.plan("SELECT count(*) FROM lineitem"),
                    QueryContext.of(0, drivers), profile)) {
                count = (Long) s.next().getObject(0, 0);
            }
            assertThat(count).isEqualTo(100_000L);
            // EXPLAIN ANALYZE shows both drivers' shares of the one tablet.
            Matcher m = Pattern.compile("(?s)Scan test.lineitem.*rows read 100000 \\(per driver (\\d+) (\\d+)\\)")
                    .matcher(String.join("\n", profile.render()));
            assertThat(m.find()).as(String.join("\n", profile.render())).isTrue();
            assertThat(Long.parseLong(m.group(1))).isPositive();
            assertThat(Long.parseLong(m.group(2))).isPositive();
        }
        assertThat(listener.timedOut.get()).isZero();
        assertThat(listener.units.get()).as("units of the one segment").isGreaterThanOrEqualTo(2 * drivers);
    }

    @Test
    void withoutAChoiceAQueryRunsADriverPerWorkerWhenThereAreFewerPartitionsThanWorkers() {
        // one data partition (a small heap on one path) and two workers: both scan, as in the test above
        ScanRendezvous listener = new ScanRendezvous(2);
        try (TestDatabase db = new TestDatabase(dir, 1, 2, listener)) {
            assertThat(db.executor.defaultParallelism()).isEqualTo(2);
            Lineitem.create(db, 1);
            Lineitem.load(db, Lineitem.generate(100_000, 7), 1);
            assertThat(db.executor.explain(db.plan("SELECT count(*) FROM lineitem"), QueryContext.defaults()))
                    .anyMatch(line -> line.contains("drivers=2"));
            assertThat(db.query("SELECT count(*) FROM lineitem")).containsExactly(List.of(100_000L));
        }
        assertThat(listener.timedOut.get()).isZero();
    }

    @Test
    void unionAllRunsItsBranchesAtTheSameTime() {
        // Every scan task waits until both tables have a scan task running: only possible if the branches of the
        // UNION ALL run at the same time (a union that ran its branches one after the other would time out).
        Map<Long, CountDownLatch> firstScan = new ConcurrentHashMap<>();
        AtomicInteger timedOut = new AtomicInteger();
        ExecutionListener listener = new ExecutionListener() {
            @Override
            public void scanTaskStarted(long tableId, long tabletId) {
                firstScan.get(tableId).countDown();
                try {
                    for (CountDownLatch latch : firstScan.values()) {
                        if (!latch.await(20, TimeUnit.SECONDS)) {
                            timedOut.incrementAndGet();
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        try (TestDatabase db = new TestDatabase(dir, 2, 4, listener)) {
            Lineitem.create(db, 4);
            Lineitem.load(db, Lineitem.generate(20_000, 3), 2);
            db.create("keys", io.shoaldb.catalog.model.KeysType.DUPLICATE, List.of("k"),
                    List.of(TestDatabase.col("k", io.shoaldb.vector.type.DataType.BIGINT, false)), 2);
            io.shoaldb.vector.BatchBuilder keys = new io.shoaldb.vector.BatchBuilder(
                    List.of(io.shoaldb.vector.type.DataType.BIGINT), 1000);
            for (long k = 0; k < 1000; k++) {
                keys.appendRow(k);
            }
            db.load("keys", keys.build());
            for (String table : List.of("lineitem", "keys")) {
                firstScan.put(db.catalog.snapshot().table(TestDatabase.DB, table).orElseThrow().id(), new CountDownLatch(1));
            }
            // two drivers per branch, so that both branches' drivers fit the four workers while they wait
            assertThat(db.query("SELECT count(*) FROM (SELECT l_orderkey FROM lineitem UNION ALL SELECT k FROM keys) u",
                    PlannerSettings.DEFAULT, QueryContext.of(0, 2))).containsExactly(List.of(21_000L));
        }
        assertThat(timedOut.get()).isZero();
    }

    @Test
    void closingMidStreamStopsTheTasksAndReleasesTheSnapshot() {
        try (TestDatabase db = new TestDatabase(dir, 2, 2)) {
            Lineitem.create(db, 8);
            Lineitem.load(db, Lineitem.generate(100_000, 5), 1);
            for (int round = 0; round < 3; round++) {
                QueryResultStream s = db.executor.execute(db.plan("SELECT l_orderkey, l_comment FROM lineitem"));
                Batch first = s.next();
                assertThat(first.positionCount()).isPositive();
                s.close();
                s.close(); // idempotent
                assertThat(s.next()).isNull();
            }
            // The engine still works, and a dropped table's files go once no snapshot holds them.
            assertThat(db.query("SELECT count(*) FROM lineitem")).containsExactly(List.of(100_000L));
            long tableId = db.catalog.snapshot().table(TestDatabase.DB, "lineitem").orElseThrow().id();
            db.storage.dropTable(tableId);
            assertThat(db.storage.tableIds()).doesNotContain(tableId);
        }
    }

    @Test
    void closingAJoinMidStreamReleasesTheSnapshotsOfEveryTable() {
        try (TestDatabase db = new TestDatabase(dir, 2, 2)) {
            Lineitem.create(db, 4);
            Lineitem.load(db, Lineitem.generate(50_000, 7), 2);
            db.create("keys", io.shoaldb.catalog.model.KeysType.DUPLICATE, List.of("k"),
                    List.of(TestDatabase.col("k", io.shoaldb.vector.type.DataType.BIGINT, false)), 2);
            io.shoaldb.vector.BatchBuilder keys = new io.shoaldb.vector.BatchBuilder(
                    List.of(io.shoaldb.vector.type.DataType.BIGINT), 1000);
            for (long k = 0; k < 1000; k++) {
                keys.appendRow(k);
            }
            db.load("keys", keys.build());
            for (int round = 0; round < 3; round++) {
                QueryResultStream s = db.executor.execute(db.plan(
                        "SELECT l.l_orderkey, l.l_comment FROM lineitem l JOIN keys ON l.l_orderkey = keys.k"
                                + " JOIN lineitem m ON m.l_orderkey = l.l_orderkey"));
                assertThat(s.next().positionCount()).isPositive();
                s.close();
            }
            // Dropped tables' segment files are deleted right away only when no snapshot holds them: so every
            // snapshot the joins took (two of lineitem's scans share one) has been released.
            for (String table : List.of("lineitem", "keys")) {
                db.storage.dropTable(db.catalog.snapshot().table(TestDatabase.DB, table).orElseThrow().id());
            }
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(dir.resolve("data"))) {
                assertThat(files.filter(f -> f.toString().endsWith(".seg")).toList()).isEmpty();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * An aggregation over an input that would take many minutes (a three-way cross join) does not keep its
     * worker: with a single worker another query still runs, and the long one stops when interrupted.
     */
    @Test
    void aLongAggregationSharesItsWorkerAndStopsWhenInterrupted() throws Exception {
        try (TestDatabase db = new TestDatabase(dir, 1, 1)) {
            Lineitem.create(db, 1);
            Lineitem.load(db, Lineitem.generate(3000, 5), 1);
            QueryResultStream endless = db.executor.execute(db.plan("SELECT count(*) FROM lineitem a, lineitem b,"
                    + " lineitem c WHERE a.l_orderkey + b.l_orderkey + c.l_orderkey >= 0"));
            try {
                CompletableFuture<List<List<Object>>> small =
                        CompletableFuture.supplyAsync(() -> db.query("SELECT count(*) FROM lineitem"));
                assertThat(small.get(60, TimeUnit.SECONDS)).containsExactly(List.of(3000L));

                endless.interrupt(ErrorCode.QUERY_INTERRUPTED.exception());
                assertThatThrownBy(endless::next).isInstanceOf(ShoalException.class)
                        .hasMessage("Query execution was interrupted");
            } finally {
                endless.close();
            }
        }
    }

    /**
     * A query whose hash aggregation grows past its exec_mem_limit fails with MEM_LIMIT_EXCEEDED (instead of
     * taking the heap); the same query runs under a limit that fits, and the peak it held is measured.
     */
    @Test
    void aQueryOverItsMemoryLimitFailsAndOneUnderItRuns() {
        try (TestDatabase db = new TestDatabase(dir, 2, 2)) {
            Lineitem.create(db, 4);
            Lineitem.load(db, Lineitem.generate(60_000, 11), 2);
            // not by the bucket column l_orderkey: that aggregation runs in one step per driver and spills instead
            String sql = "SELECT l_extendedprice, l_linenumber, count(*) FROM lineitem GROUP BY l_extendedprice, l_linenumber";
            try (QueryResultStream s = db.executor.execute(db.plan(sql), QueryContext.of(0, 2).withMemoryLimit(64 * 1024))) {
                assertThatThrownBy(() -> {
                    while (s.next() != null) {
                        // read until the failure
                    }
                }).isInstanceOf(ShoalException.class).hasMessageContaining("[MEM_LIMIT_EXCEEDED]")
                        .hasMessageContaining("exec_mem_limit of 65536 bytes");
            }
            long rows = 0;
            try (QueryResultStream s = db.executor.execute(db.plan(sql), QueryContext.of(0, 2).withMemoryLimit(1L << 30))) {
                for (Batch b = s.next(); b != null; b = s.next()) {
                    rows += b.positionCount();
                }
                assertThat(s.peakMemoryBytes()).isGreaterThan(64 * 1024);
            }
            assertThat(List.of(rows)).isEqualTo(db.query("SELECT count(*) FROM (SELECT l_extendedprice, l_linenumber"
                    + " FROM lineitem GROUP BY l_extendedprice, l_linenumber) g").getFirst());
        }
    }

    @Test
    void failuresInTasksReachTheClient() {
        try (TestDatabase db = new TestDatabase(dir, 2, 2)) {
            Lineitem.create(db, 4);
            Lineitem.load(db, Lineitem.generate(1000, 5), 1);
            // Division by zero is NULL (Doris), not an error; a bad cast is NULL too: results, not failures.
            assertThat(db.query("SELECT count(*) FROM lineitem WHERE l_linenumber / 0 IS NULL"))
                    .containsExactly(List.of(1000L));
            assertThat(db.query("SELECT CAST(l_comment AS INT) FROM lineitem WHERE l_orderkey = 1"))
                    .allSatisfy(row -> assertThat(row.get(0)).isNull());
        }
    }

    /**
     * Each scan unit's start waits (up to 20 s) until {@code parties} units have started: a query whose drivers did
     * not scan at the same time leaves a timeout behind.
     */
    private static final class ScanRendezvous implements ExecutionListener {
        final CountDownLatch started;
        final AtomicInteger units = new AtomicInteger();
        final AtomicInteger timedOut = new AtomicInteger();

        ScanRendezvous(int parties) {
            started = new CountDownLatch(parties);
        }

        @Override
        public void scanTaskStarted(long tableId, long tabletId) {
            units.incrementAndGet();
            started.countDown();
            try {
                if (!started.await(20, TimeUnit.SECONDS)) {
                    timedOut.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
