package io.shoaldb.bench.txn;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TransactionManager;
import io.shoaldb.txn.TxnOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Durable transaction commits per second: begin + commit of one rowset into one table, through the real
 * commit log (fsync'd) on a temp directory, with a publisher that does nothing (storage is not measured).
 * {@code commit1Thread} runs one committer; {@code commit30Threads} runs 30, each on its own table, so only
 * the shared commit log serialises them and the score shows how well commits share an fsync;
 * {@code commit30ThreadsOneTable} runs 30 into one table (concurrent loads of one table, each its own
 * transaction), whose commits share an fsync only if one does not hold the table through another's fsync.
 * Score: commits/s (all threads together). Moved from shoal-txn's ConcurrencyTest#measureCommitThroughput.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class CommitBenchmark {
    private static final long DB = 10;
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final AtomicLong ROWSET_IDS = new AtomicLong(1000);

    /** Commit-log records between checkpoint images (the production default is 1000). */
    @Param("1000")
    public int checkpointEvery;

    /**
     * The commit log's preallocated segment size: 0 = segments that grow by appending (each commit's fsync
     * also commits file-system metadata), the default 16 MiB = written in place and fdatasynced.
     */
    @Param({"0", "16777216"})
    public long commitLogSegmentBytes;

    private Path dir;
    private TransactionManager manager;

    /** A committing thread's own table, and its own tablet of the shared table. */
    @State(Scope.Thread)
    public static class Committer {
        long table;
        long tabletOfShared;

        @Setup
        public void setUp(ThreadParams thread) {
            table = 100 + thread.getThreadIndex();
            tabletOfShared = 10 * table;
        }
    }

    /**
     * A fresh log per iteration: with no compaction a table's state grows by a rowset per commit, and copying it
     * would otherwise slow each iteration down more than the last.
     */
    @Setup(Level.Iteration)
    public void setUp() {
        dir = TempDirs.create("txn");
        manager = TransactionManager.open(new LocalFiles(), dir, new NoPublisher(),
                TxnOptions.defaults().withCheckpointEvery(checkpointEvery)
                        .withCommitLogSegmentBytes(commitLogSegmentBytes));
    }

    @TearDown(Level.Iteration)
    public void tearDown() throws IOException {
        manager.close();
        TempDirs.delete(dir);
    }

    @Benchmark
    @Threads(1)
    public CommitResult commit1Thread(Committer c) {
        return commit(c.table);
    }

    @Benchmark
    @Threads(30)
    public CommitResult commit30Threads(Committer c) {
        return commit(c.table);
    }

    @Benchmark
    @Threads(30)
    public CommitResult commit30ThreadsOneTable(Committer c) {
        return commit(1, c.tabletOfShared);
    }

    private CommitResult commit(long table) {
        return commit(table, table * 10);
    }

    private CommitResult commit(long table, long tablet) {
        Transaction t = manager.begin(DB, null, Set.of(table), TIMEOUT);
        RowsetMeta rowset = new RowsetMeta(ROWSET_IDS.incrementAndGet(), tablet, 0, 0, 0, List.of("seg_0.dat"), 10, 100);
        return manager.commit(t, Map.of(table, Map.of(tablet, rowset)));
    }

    private static final class NoPublisher implements RowsetPublisher {
        @Override
        public void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added,
                Map<Long, List<RowsetMeta>> removed) {
        }

        @Override
        public void dropTable(long tableId) {
        }
    }
}
