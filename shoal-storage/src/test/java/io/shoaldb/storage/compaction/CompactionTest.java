package io.shoaldb.storage.compaction;

import static io.shoaldb.storage.TestTables.TABLE;
import static io.shoaldb.storage.TestTables.row;
import static io.shoaldb.storage.TestTables.scan;
import static io.shoaldb.storage.TestTables.sorted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.StorageStatus;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.TestTables;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.KeysModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CompactionTest {
    @TempDir
    Path dir;

    /** Stands in for the transaction layer: a "durable log" of what is visible, then publish. */
    static final class LogCommitter implements CompactionCommitter {
        final StorageEngine engine;
        final Map<Long, List<RowsetMeta>> visible = new ConcurrentHashMap<>();
        volatile RuntimeException failWith;
        /** Runs after each committed compaction, still inside the commit. */
        volatile Runnable afterCompaction = () -> { };

        LogCommitter(StorageEngine engine) {
            this.engine = engine;
        }

        synchronized void load(long tablet, RowsetMeta meta, long version) {
            visible.computeIfAbsent(tablet, t -> new ArrayList<>()).add(meta);
            engine.publish(TABLE, version, Map.of(tablet, List.of(meta)), Map.of());
        }

        @Override
        public synchronized void commitCompaction(long tableId, long tabletId, List<RowsetMeta> inputs, RowsetMeta output) {
            if (failWith != null) {
                throw failWith;
            }
            List<RowsetMeta> list = visible.get(tabletId);
            list.removeIf(m -> inputs.stream().anyMatch(i -> i.rowsetId() == m.rowsetId()));
            list.add(output);
            try (TableSnapshot s = engine.snapshot(tableId)) {
                engine.publish(tableId, s.version(), Map.of(tabletId, List.of(output)), Map.of(tabletId, inputs));
            }
            afterCompaction.run();
        }
    }

    private StorageEngine engine(KeysModel model, StorageOptions options) {
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = TestTables.partitions(files, dir);
        StorageEngine e = new StorageEngine(files, partitions, options);
        e.registerTable(TABLE, TestTables.schema(model), TestTables.tablets(2, partitions.count()));
        return e;
    }

    private static final StorageOptions OPTIONS = StorageOptions.DEFAULT.withCompaction(4, 32, 0);

    @ParameterizedTest
    @EnumSource(KeysModel.class)
    void manySmallCommitsCollapseAndResultsDoNotChange(KeysModel model) {
        StorageEngine e = engine(model, OPTIONS);
        LogCommitter log = new LogCommitter(e);
        for (long v = 2; v < 102; v++) {
            log.load(100, TestTables.write(e, 100, v, row(v % 10, v, "s" + v), row(v % 7, 1L, "t" + v)), v);
        }
        List<List<Object>> before = sorted(scan(e, 100));
        try (CompactionScheduler scheduler = new CompactionScheduler(e, log, OPTIONS)) {
            assertThat(scheduler.compactNow(TABLE)).isPositive();
        }
        StorageStatus.TabletStatus tablet = e.status().tables().getFirst().tablets().getFirst();
        assertThat(tablet.rowsetCount()).isLessThanOrEqualTo(4);
        assertThat(sorted(scan(e, 100))).isEqualTo(before);
        try (TableSnapshot s = e.snapshot(TABLE)) {
            List<RowsetMeta> rowsets = s.rowsets(100);
            assertThat(rowsets.getFirst().startVersion()).isEqualTo(2);
            assertThat(rowsets.getLast().endVersion()).isEqualTo(101);
            if (model != KeysModel.DUPLICATE) {
                assertThat(rowsets.stream().mapToLong(RowsetMeta::rowCount).sum()).isLessThanOrEqualTo(10 * 4);
            }
        }
        // inputs' files are gone once no snapshot holds them
        assertThat(segmentFiles()).hasSize(countSegments(e));
    }

    @Test
    void compactionUnderConcurrentWritesAndScansKeepsResultsEqualToTheModel() throws Exception {
        StorageOptions options = StorageOptions.DEFAULT.withCompaction(3, 8, 0).withCompactionInterval(1);
        StorageEngine e = engine(KeysModel.UNIQUE, options);
        LogCommitter log = new LogCommitter(e);
        // expected model: key -> value of the newest version
        Map<Long, List<Object>> model = new TreeMap<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch firstLoads = new CountDownLatch(20);
        List<String> scanErrors = new ArrayList<>();
        try (CompactionScheduler scheduler = new CompactionScheduler(e, log, options)) {
            scheduler.start();
            Future<?> writer = pool.submit(() -> {
                for (long v = 2; v < 202; v++) {
                    long k1 = v % 37;
                    long k2 = (v * 7) % 53;
                    log.load(100, TestTables.write(e, 100, v, row(k1, v, "a" + v), row(k2, -v, "b" + v)), v);
                    synchronized (model) {
                        model.put(k1, List.of(k1, v, "a" + v));
                        model.put(k2, List.of(k2, -v, "b" + v));
                    }
                    firstLoads.countDown();
                }
                writing.set(false);
            });
            Future<?> reader = pool.submit(() -> {
                firstLoads.await();
                while (writing.get()) {
                    // every scan sees one consistent version: unique keys, ascending
                    List<List<Object>> rows = scan(e, 100);
                    for (int i = 1; i < rows.size(); i++) {
                        if ((Long) rows.get(i - 1).getFirst() >= (Long) rows.get(i).getFirst()) {
                            scanErrors.add("out of order or duplicate key at " + i + ": " + rows);
                        }
                    }
                }
                return null;
            });
            writer.get(2, TimeUnit.MINUTES);
            reader.get(2, TimeUnit.MINUTES);
            scheduler.compactNow(TABLE);
        } finally {
            pool.shutdownNow();
        }
        assertThat(scanErrors).isEmpty();
        assertThat(scan(e, 100)).containsExactlyElementsOf(model.values());
        assertThat(e.status().tables().getFirst().tablets().getFirst().rowsetCount()).isLessThanOrEqualTo(3);

        // the log and the engine agree: a restart from the log sees the same rows, no file is left over
        LocalFiles files = new LocalFiles();
        StorageEngine restarted = new StorageEngine(files, TestTables.partitions(files, dir), options);
        restarted.registerTable(TABLE, TestTables.schema(KeysModel.UNIQUE), TestTables.tablets(2, 2));
        restarted.restore(TABLE, 201, new HashMap<>(log.visible));
        assertThat(restarted.finishRecovery()).isEmpty();
        assertThat(scan(restarted, 100)).containsExactlyElementsOf(model.values());
    }

    @Test
    void tabletsOfOnePartitionTakeTurnsWhileCommitsKeepArriving() throws Exception {
        StorageOptions options = StorageOptions.DEFAULT.withCompaction(3, 8, 0).withCompactionInterval(1);
        LocalFiles files = new LocalFiles();
        StorageEngine e = new StorageEngine(files, TestTables.partitions(files, dir), options);
        // both tablets on partition 0: one compaction at a time serves them both
        e.registerTable(TABLE, TestTables.schema(KeysModel.DUPLICATE), TestTables.tablets(2, 1));
        LogCommitter log = new LogCommitter(e);
        AtomicLong version = new AtomicLong(1);
        Runnable commitBoth = () -> {
            long v = version.incrementAndGet();
            log.load(100, TestTables.write(e, 100, v, true, row(v, v, "a")), v);
            log.load(101, TestTables.write(e, 101, v, true, row(v, v, "b")), v);
        };
        for (int i = 0; i < 5; i++) {
            commitBoth.run();
        }
        // A steady load: every compaction lets two more commits of both tablets in, so both stay over the trigger.
        // A worker that stayed on one tablet until the policy was satisfied chased that tablet's commits while
        // the other piled up.
        AtomicInteger compactions = new AtomicInteger();
        AtomicInteger mostRowsets = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        log.afterCompaction = () -> {
            if (compactions.incrementAndGet() > 200) {
                done.countDown();
                return;
            }
            commitBoth.run();
            commitBoth.run();
            for (StorageStatus.TabletStatus t : e.status().tables().getFirst().tablets()) {
                mostRowsets.accumulateAndGet(t.rowsetCount(), Math::max);
            }
        };
        try (CompactionScheduler scheduler = new CompactionScheduler(e, log, options)) {
            scheduler.start();
            assertThat(done.await(2, TimeUnit.MINUTES)).isTrue();
        }
        assertThat(mostRowsets.get()).isBetween(4, 2 * 8);
        assertThat(scan(e, 100)).hasSize((int) (version.get() - 1));
        assertThat(scan(e, 101)).hasSize((int) (version.get() - 1));
    }

    @Test
    void aCompactionThatFailsToCommitLeavesTheInputsAndNoFiles() {
        StorageEngine e = engine(KeysModel.AGGREGATE, OPTIONS);
        LogCommitter log = new LogCommitter(e);
        for (long v = 2; v < 12; v++) {
            log.load(100, TestTables.write(e, 100, v, row(1L, v, "x" + v)), v);
        }
        List<Path> filesBefore = segmentFiles();
        log.failWith = new IllegalStateException("log is full");
        try (CompactionScheduler scheduler = new CompactionScheduler(e, log, OPTIONS)) {
            assertThatThrownBy(() -> scheduler.compactNow(TABLE)).hasMessageContaining("log is full");
        }
        assertThat(segmentFiles()).containsExactlyInAnyOrderElementsOf(filesBefore);
        assertThat(scan(e, 100)).containsExactly(List.of(1L, 65L, "x11"));
    }

    @Test
    void aCrashAfterTheOutputIsWrittenButBeforeItIsCommittedKeepsTheInputs() {
        StorageEngine e = engine(KeysModel.UNIQUE, OPTIONS);
        LogCommitter log = new LogCommitter(e);
        for (long v = 2; v < 12; v++) {
            log.load(100, TestTables.write(e, 100, v, row(v, v, "x")), v);
        }
        // the "crash": the committer never returns normally and the process dies; the output files remain
        List<Path> outputs = new ArrayList<>();
        CompactionCommitter crashing = (tableId, tabletId, inputs, output) -> {
            try (TableSnapshot s = e.snapshot(tableId)) {
                output.segmentFiles().forEach(f -> outputs.add(s.tabletDirectory(tabletId).resolve(f)));
            }
            outputs.forEach(p -> assertThat(p).exists());
            throw new Error("kill -9");
        };
        try (CompactionScheduler scheduler = new CompactionScheduler(e, crashing, OPTIONS)) {
            assertThatThrownBy(() -> scheduler.compactNow(TABLE)).isInstanceOf(Error.class);
        }
        assertThat(outputs).isNotEmpty().allSatisfy(p -> assertThat(p).exists());

        LocalFiles files = new LocalFiles();
        StorageEngine restarted = new StorageEngine(files, TestTables.partitions(files, dir), OPTIONS);
        restarted.registerTable(TABLE, TestTables.schema(KeysModel.UNIQUE), TestTables.tablets(2, 2));
        restarted.restore(TABLE, 11, new HashMap<>(log.visible));
        assertThat(restarted.finishRecovery()).containsExactlyInAnyOrderElementsOf(outputs);
        assertThat(scan(restarted, 100)).hasSize(10);
    }

    @Test
    void aScanOpenDuringCompactionReadsTheInputsToItsEnd() {
        StorageEngine e = engine(KeysModel.DUPLICATE, OPTIONS);
        LogCommitter log = new LogCommitter(e);
        for (long v = 2; v < 12; v++) {
            log.load(100, TestTables.write(e, 100, v, row(v, v, "x")), v);
        }
        int filesBefore = segmentFiles().size();
        try (TableSnapshot old = e.snapshot(TABLE)) {
            try (CompactionScheduler scheduler = new CompactionScheduler(e, log, OPTIONS)) {
                scheduler.compactNow(TABLE);
            }
            assertThat(segmentFiles().size()).isGreaterThan(filesBefore);
            assertThat(scan(old, 100, ZoneMapPredicate.ALWAYS)).hasSize(10);
        }
        assertThat(segmentFiles()).hasSize(countSegments(e));
        assertThat(scan(e, 100)).hasSize(10);
    }

    @Test
    void policyPicksTheLongestRunOfSmallConsecutiveRowsets() {
        CompactionPolicy policy = new CompactionPolicy(3, 3, 100);
        List<RowsetMeta> rowsets = new ArrayList<>();
        long[] sizes = {500, 10, 10, 500, 10, 10, 10, 10};
        for (int i = 0; i < sizes.length; i++) {
            rowsets.add(new RowsetMeta(i, 1, i + 2, i + 2, 0, List.of(), 1, sizes[i]));
        }
        assertThat(policy.choose(rowsets)).extracting(RowsetMeta::rowsetId).containsExactly(4L, 5L, 6L);
        assertThat(policy.choose(rowsets.subList(0, 3))).isEmpty();
        List<RowsetMeta> large = rowsets.stream().filter(r -> r.dataBytes() == 500).toList();
        assertThat(new CompactionPolicy(1, 5, 100).choose(large)).hasSize(2);
    }

    @Test
    void policyLeavesAHeadLargerThanTheRestOfTheRun() {
        CompactionPolicy policy = new CompactionPolicy(2, 32, 10_000);
        List<RowsetMeta> rowsets = new ArrayList<>();
        long[] rows = {1000, 10, 10, 10};
        for (int i = 0; i < rows.length; i++) {
            rowsets.add(new RowsetMeta(i, 1, i + 2, i + 2, 0, List.of(), rows[i], 10 * rows[i]));
        }
        assertThat(policy.choose(rowsets)).extracting(RowsetMeta::rowsetId).containsExactly(1L, 2L, 3L);
    }

    /** Many equal small commits, compacted as they arrive: each row is rewritten O(log n) times, not O(n). */
    @Test
    void policyKeepsWriteAmplificationLogarithmic() {
        // log2(20000) is about 14; rewriting everything at each compaction would be in the thousands
        assertThat(writeAmplification(new CompactionPolicy(8, 32, Long.MAX_VALUE), 1, 1.0)).isLessThan(20);
    }

    /**
     * Commits arriving faster than compactions (a hundred between two), and merged rowsets that take a twentieth
     * of the bytes per row of the small commits (as segments of a few hundred rows do against one of a million):
     * weighed by bytes, the merged head looked smaller than each new batch of commits and was rewritten by every
     * compaction (about 11 rewrites per row here, growing with the tablet); weighed by rows, about 4.
     */
    @Test
    void policyWeighsTheHeadInRowsNotCompressedBytes() {
        assertThat(writeAmplification(new CompactionPolicy(8, 128, Long.MAX_VALUE), 100, 0.05)).isLessThan(6);
    }

    /** Rows rewritten per row loaded by 20,000 commits of 100 rows, compacted after every {@code commitsApart}. */
    private static double writeAmplification(CompactionPolicy policy, int commitsApart, double mergedBytesPerRow) {
        List<RowsetMeta> rowsets = new ArrayList<>();
        long loaded = 0;
        long rewritten = 0;
        long id = 0;
        for (int commit = 0; commit < 20_000; commit++) {
            rowsets.add(new RowsetMeta(++id, 1, commit, commit, 0, List.of(), 100, 100));
            loaded += 100;
            if (commit % commitsApart != 0) {
                continue;
            }
            for (List<RowsetMeta> in = policy.choose(rowsets); !in.isEmpty(); in = policy.choose(rowsets)) {
                long rows = in.stream().mapToLong(RowsetMeta::rowCount).sum();
                rewritten += rows;
                int at = rowsets.indexOf(in.getFirst());
                RowsetMeta out = new RowsetMeta(++id, 1, in.getFirst().startVersion(), in.getLast().endVersion(), 0,
                        List.of(), rows, (long) (rows * mergedBytesPerRow));
                in.clear();
                rowsets.add(at, out);
            }
            assertThat(rowsets.size()).isLessThanOrEqualTo(commitsApart + 8);
        }
        return (double) rewritten / loaded;
    }

    private List<Path> segmentFiles() {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".seg")).toList();
        } catch (java.io.IOException ex) {
            throw new AssertionError(ex);
        }
    }

    private static int countSegments(StorageEngine e) {
        try (TableSnapshot s = e.snapshot(TABLE)) {
            int n = 0;
            for (long t : s.tabletIds()) {
                n += s.rowsets(t).stream().mapToInt(r -> r.segmentFiles().size()).sum();
            }
            return n;
        }
    }
}
