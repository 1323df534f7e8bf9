package io.shoaldb.txn;

import static io.shoaldb.txn.Fixture.load;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.PowerLossFiles;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits, compactions and truncates run at once on the same tables - a compaction holding only its table's
 * structure lock, so its record lands anywhere among the commits' records in the log - and the power goes at a
 * random point ({@link PowerLossFiles}: what was fsynced plus a random prefix of the rest). Every restart must
 * replay the log (a record that did not fit the state before it would fail the open), and then: every
 * acknowledged commit's version is covered by exactly one visible rowset of its tablet (its own or a compaction
 * output), no two visible rowsets of a tablet overlap (a compaction's inputs and output never both), nothing is
 * visible at or below the last acknowledged truncate, and versions never go back. The commit log's segments are
 * small and a checkpoint image is written every few records, so images and segment deletion run in every round.
 * Rounds {@code -Dpowerloss.rounds} (default {@value #DEFAULT_ROUNDS}), seed {@code -Dpowerloss.seed}.
 */
class CompactionPowerLossTest {
    static final int DEFAULT_ROUNDS = 30;
    /** Table A: two tablets, commits and compactions. */
    static final long A = 1;
    /** Table B: one tablet, commits, compactions and truncates. */
    static final long B = 2;
    static final long B_TABLET = 21;
    static final int OPS_PER_THREAD = 40;

    @TempDir
    Path dir;

    private final AtomicLong outputIds = new AtomicLong(1L << 40);
    /** Acknowledged commits: table → (version → tablet). */
    private final Map<Long, Map<Long, Long>> acked = Map.of(A, new ConcurrentHashMap<>(), B, new ConcurrentHashMap<>());
    private final Map<Long, Long> lastVersion = new java.util.HashMap<>(Map.of(A, 0L, B, 0L));
    private volatile long lastAckedTruncate;
    private final AtomicBoolean truncateInDoubt = new AtomicBoolean();
    private final List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger compactions = new AtomicInteger();
    private final AtomicInteger truncates = new AtomicInteger();

    @Test
    void commitsCompactionsAndTruncatesSurvivePowerLossInAnyOrderOfTheirRecords() throws Exception {
        long seed = Long.getLong("powerloss.seed", 20261203L);
        int rounds = Integer.getInteger("powerloss.rounds", DEFAULT_ROUNDS);
        System.out.println("CompactionPowerLossTest seed " + seed + " rounds " + rounds);
        Random random = new Random(seed);
        Path node = dir.resolve("node");
        Path txnDir = node.resolve("txn");
        PowerLossFiles files = new PowerLossFiles(node);
        TxnOptions options = TxnOptions.defaults().withCommitLogSegmentBytes(16 << 10).withCheckpointEvery(8);
        for (int round = 0; round <= rounds; round++) {
            TransactionManager m = TransactionManager.open(files, txnDir, new RecordingPublisher(), options);
            verify(m, round);
            if (round == rounds) {
                m.close();
                break;
            }
            files.crashAfter(1 + random.nextInt(300));
            PowerLossFiles machine = files;
            List<Thread> threads = new ArrayList<>();
            long[] seeds = {random.nextLong(), random.nextLong(), random.nextLong()};
            AtomicBoolean commitsToBDone = new AtomicBoolean();
            threads.add(Thread.ofPlatform().start(() -> commit(m, machine, A, new Random(seeds[0]))));
            threads.add(Thread.ofPlatform().start(() -> {
                commit(m, machine, B, new Random(seeds[1]));
                commitsToBDone.set(true);
            }));
            threads.add(Thread.ofPlatform().start(() -> compact(m, machine, new Random(seeds[2]))));
            threads.add(Thread.ofPlatform().start(() -> truncate(m, machine, commitsToBDone)));
            for (Thread t : threads) {
                t.join();
            }
            files.powerLoss(random);
            Thread.ofVirtual().start(() -> {
                try {
                    m.close();
                } catch (Exception ignored) {
                    // the machine is gone: closing only stops the abandoned manager's threads
                }
            }).join(Duration.ofSeconds(30));
            assertThat(unexpected).as("round %d: failures before the power loss", round).isEmpty();
            files = files.restarted();
        }
        System.out.printf("CompactionPowerLossTest: %d rounds, %d acknowledged commits kept, %d compactions,"
                + " %d truncates%n", rounds, acked.get(A).size() + acked.get(B).size(), compactions.get(),
                truncates.get());
        assertThat(compactions.get()).as("compactions ran").isPositive();
        assertThat(truncates.get()).as("truncates ran").isPositive();
    }

    private void commit(TransactionManager m, PowerLossFiles files, long table, Random random) {
        for (int i = 0; i < OPS_PER_THREAD; i++) {
            long tablet = table == B ? B_TABLET : 11 + random.nextInt(2);
            try {
                CommitResult r = load(m, table, tablet);
                acked.get(table).put(r.versionByTable().get(table), tablet);
            } catch (RuntimeException e) {
                expectDown(files, e, "commit to table " + table);
                return;
            }
        }
    }

    /** Compacts the first two to four rowsets of a random tablet, as storage's policy would pick consecutive ones. */
    private void compact(TransactionManager m, PowerLossFiles files, Random random) {
        for (int i = 0; i < OPS_PER_THREAD * 2; i++) {
            long table = random.nextBoolean() ? A : B;
            long tablet = table == B ? B_TABLET : 11 + random.nextInt(2);
            List<RowsetMeta> visible = m.visibleRowsets(table).getOrDefault(tablet, List.of());
            if (visible.size() < 2) {
                Thread.yield();
                continue;
            }
            List<RowsetMeta> inputs = visible.subList(0, Math.min(visible.size(), 2 + random.nextInt(3)));
            RowsetMeta output = new RowsetMeta(outputIds.incrementAndGet(), tablet, inputs.getFirst().startVersion(),
                    inputs.getLast().endVersion(), 0, List.of("c.dat"),
                    inputs.stream().mapToLong(RowsetMeta::rowCount).sum(), 100);
            try {
                new TxnCompactionCommitter(m).commitCompaction(table, tablet, inputs, output);
                compactions.incrementAndGet();
            } catch (ShoalException e) {
                if (e.code() != ErrorCode.COMPACTION_STALE) {
                    expectDown(files, e, "compaction of table " + table);
                    return;
                }
            } catch (RuntimeException e) {
                expectDown(files, e, "compaction of table " + table);
                return;
            }
        }
    }

    /** Truncates table B whenever it has had a few commits since the last truncate, while they go on. */
    private void truncate(TransactionManager m, PowerLossFiles files, AtomicBoolean commitsDone) {
        while (true) {
            long since = m.visibleVersion(B);
            while (m.visibleVersion(B) < since + 5 && !commitsDone.get() && !files.isDown()) {
                Thread.yield();
            }
            if (commitsDone.get() || files.isDown()) {
                return;
            }
            truncateInDoubt.set(true);
            try {
                lastAckedTruncate = m.truncateTable(B);
                truncates.incrementAndGet();
                truncateInDoubt.set(false);
            } catch (RuntimeException e) {
                expectDown(files, e, "truncate of table " + B);
                return;
            }
        }
    }

    private void expectDown(PowerLossFiles files, RuntimeException e, String what) {
        if (!files.isDown()) {
            unexpected.add(what + " failed before the power loss: " + e);
        }
    }

    private void verify(TransactionManager m, int round) {
        Map<Long, RecoveredTable> tables = m.recoveredTables();
        if (truncateInDoubt.getAndSet(false)) {
            acked.get(B).clear(); // a cut truncate may have removed any commit acknowledged before it
        }
        for (long table : List.of(A, B)) {
            RecoveredTable t = tables.get(table);
            long version = t == null ? 0 : t.visibleVersion();
            Map<Long, List<RowsetMeta>> rowsets = t == null ? Map.of() : t.rowsetsByTablet();
            assertThat(version).as("round %d: table %d's version never goes back", round, table)
                    .isGreaterThanOrEqualTo(lastVersion.get(table));
            lastVersion.put(table, version);
            rowsets.forEach((tablet, list) -> {
                for (int i = 0; i < list.size(); i++) {
                    RowsetMeta r = list.get(i);
                    assertThat(r.endVersion()).as("round %d: a rowset of table %d within its version", round, table)
                            .isLessThanOrEqualTo(version);
                    if (i > 0) {
                        assertThat(r.startVersion()).as("round %d: table %d tablet %d rowsets %s overlap", round,
                                table, tablet, list).isGreaterThan(list.get(i - 1).endVersion());
                    }
                    if (table == B) {
                        assertThat(r.startVersion()).as("round %d: a rowset of B below the last acknowledged"
                                + " truncate at %d", round, lastAckedTruncate).isGreaterThan(lastAckedTruncate);
                    }
                }
            });
            long removedBelow = table == B ? lastAckedTruncate : 0;
            acked.get(table).entrySet().removeIf(e -> e.getKey() < removedBelow);
            acked.get(table).forEach((v, tablet) -> assertThat(rowsets.getOrDefault(tablet, List.of()).stream()
                    .filter(r -> r.startVersion() <= v && v <= r.endVersion()).count())
                    .as("round %d: acknowledged version %d of table %d tablet %d is covered once", round, v, table,
                            tablet)
                    .isEqualTo(1));
        }
    }
}
