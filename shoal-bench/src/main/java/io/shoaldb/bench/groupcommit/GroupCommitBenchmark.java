package io.shoaldb.bench.groupcommit;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.ingest.groupcommit.GroupCommitMode;
import io.shoaldb.ingest.groupcommit.LoadResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Group commit of one-row loads into a 2-tablet DUPLICATE table, on real storage, transactions and WALs:
 * <ul>
 * <li>{@code sync*}: SYNC loads/s (a load returns once its batch is visible), adaptive window 1 ms, with 1 and
 * 30 loading threads; the number of loads sharing one commit is printed at the end of the trial.</li>
 * <li>{@code asyncAck*}: ASYNC ack latency (the load returns once its row is durable in the WAL), sampled
 * (SampleTime: percentiles in microseconds), with 1 and 30 loading threads.</li>
 * </ul>
 * Moved from shoal-ingest's former GroupCommitThroughputTest (which also ran 100 sync threads: use
 * {@code -t 100} on {@code syncLoad30Threads}).
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class GroupCommitBenchmark {
    private static final long INTERVAL_MS = 1000;
    private static final long DATA_BYTES = 64L << 20;

    /** A manager tuned for SYNC loads: a 1 ms adaptive window lets concurrent loads join one commit. */
    @State(Scope.Benchmark)
    public static class Sync {
        final AtomicLong keys = new AtomicLong();
        Path dir;
        GroupCommitRig rig;

        @Setup
        public void setUp() {
            dir = TempDirs.create("group-commit-sync");
            rig = new GroupCommitRig(dir, GroupCommitRig.options().withAdaptiveWindow(Duration.ofMillis(1)));
        }

        @TearDown
        public void tearDown() throws IOException {
            long commits = rig.metrics.commits();
            System.out.printf("%n[group-commit] SYNC: %d loads in %d commits (%.1f loads/commit)%n",
                    rig.metrics.committedLoads(), commits, (double) rig.metrics.committedLoads() / Math.max(1, commits));
            rig.close();
            TempDirs.delete(dir);
        }
    }

    /** A manager for ASYNC loads, no adaptive window: a load waits only for its WAL write. */
    @State(Scope.Benchmark)
    public static class Async {
        final AtomicLong keys = new AtomicLong();
        Path dir;
        GroupCommitRig rig;

        @Setup
        public void setUp() {
            dir = TempDirs.create("group-commit-async");
            rig = new GroupCommitRig(dir, GroupCommitRig.options().withAdaptiveWindow(Duration.ZERO));
        }

        @TearDown
        public void tearDown() throws IOException {
            rig.close();
            TempDirs.delete(dir);
        }
    }

    @Benchmark
    @Threads(1)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public LoadResult syncLoad1Thread(Sync s) {
        return load(s.rig, s.keys, GroupCommitMode.SYNC);
    }

    @Benchmark
    @Threads(30)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public LoadResult syncLoad30Threads(Sync s) {
        return load(s.rig, s.keys, GroupCommitMode.SYNC);
    }

    @Benchmark
    @Threads(1)
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public LoadResult asyncAck1Thread(Async s) {
        return load(s.rig, s.keys, GroupCommitMode.ASYNC);
    }

    @Benchmark
    @Threads(30)
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public LoadResult asyncAck30Threads(Async s) {
        return load(s.rig, s.keys, GroupCommitMode.ASYNC);
    }

    private static LoadResult load(GroupCommitRig rig, AtomicLong keys, GroupCommitMode mode) {
        return rig.manager.load(rig.target, GroupCommitRig.rows(keys.getAndIncrement(), 1), mode, INTERVAL_MS,
                DATA_BYTES, null);
    }
}
