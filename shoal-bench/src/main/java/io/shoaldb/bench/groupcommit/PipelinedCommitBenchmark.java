package io.shoaldb.bench.groupcommit;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.groupcommit.GroupCommitMode;
import io.shoaldb.ingest.groupcommit.LoadResult;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
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

/**
 * SYNC one-row loads/s into one table with the commit pipeline off ({@code depth=1}) and on ({@code depth=2}),
 * on this machine's disk ({@code extraFsyncMicros=0}) and on a slower device simulated by adding a wait to every
 * fsync (network block storage takes 0.5-5 ms), so the benefit of building the next batch during an fsync shows
 * where it exists: the fsync long against the CPU a commit needs.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
public class PipelinedCommitBenchmark {
    private static final long INTERVAL_MS = 1000;
    private static final long DATA_BYTES = 64L << 20;

    @State(Scope.Benchmark)
    public static class Table {
        @Param({"1", "2"})
        int depth;
        @Param({"0", "1000"})
        long extraFsyncMicros;
        final AtomicLong keys = new AtomicLong();
        Path dir;
        GroupCommitRig rig;

        @Setup
        public void setUp() {
            dir = TempDirs.create("pipelined-commit");
            rig = new GroupCommitRig(dir, GroupCommitRig.options().withAdaptiveWindow(Duration.ofMillis(1))
                    .withPipelineDepth(depth), new SlowFsyncFiles(extraFsyncMicros * 1000));
        }

        @TearDown
        public void tearDown() throws IOException {
            long commits = rig.metrics.commits();
            System.out.printf("%n[pipelined-commit] depth=%d extraFsyncMicros=%d: %.1f loads/commit%n", depth,
                    extraFsyncMicros, (double) rig.metrics.committedLoads() / Math.max(1, commits));
            rig.close();
            TempDirs.delete(dir);
        }
    }

    /** Local files whose every fsync takes {@code extraNanos} longer: a slower device. */
    static final class SlowFsyncFiles extends ForwardingFiles {
        private final long extraNanos;

        SlowFsyncFiles(long extraNanos) {
            super(new LocalFiles());
            this.extraNanos = extraNanos;
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            super.fsync(channel);
            if (extraNanos > 0) {
                LockSupport.parkNanos(extraNanos);
            }
        }
    }

    @Benchmark
    @Threads(4)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public LoadResult syncLoad4Threads(Table t) {
        return load(t);
    }

    @Benchmark
    @Threads(16)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public LoadResult syncLoad16Threads(Table t) {
        return load(t);
    }

    private static LoadResult load(Table t) {
        return t.rig.manager.load(t.rig.target, GroupCommitRig.rows(t.keys.getAndIncrement(), 1), GroupCommitMode.SYNC,
                INTERVAL_MS, DATA_BYTES, null);
    }
}
