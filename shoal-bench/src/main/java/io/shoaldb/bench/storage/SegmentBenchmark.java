package io.shoaldb.bench.storage;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentScanner;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One segment file of {@value #ROWS} lineitem-shaped rows (16 columns), per block compression:
 * {@code write} appends the 4096-row batches and finishes the file; {@code scan} reads every column of every
 * row back into batches. Scores are rows/s (one operation = one row). The compression ratio (in-memory
 * batch bytes / file bytes) is printed once per trial, in {@code @TearDown}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class SegmentBenchmark {
    static final int ROWS = 200_000;
    private static final LocalFiles FILES = new LocalFiles();

    @Param({"NONE", "LZ4", "ZSTD"})
    public Compression compression;

    private List<Batch> batches;
    private long inMemoryBytes;
    private Path dir;
    private Path scanFile;
    private Path writeFile;
    private SegmentWriterOptions options;

    @Setup(Level.Trial)
    public void setUp() {
        batches = LineitemBatches.generate(ROWS, new Random(1));
        inMemoryBytes = batches.stream().mapToLong(Batch::retainedBytes).sum();
        dir = TempDirs.create("segment");
        options = SegmentWriterOptions.DEFAULT.withCompression(compression);
        scanFile = dir.resolve("scan.seg");
        writeFile = dir.resolve("write.seg");
        writeSegment(scanFile);
        long scanned = scan();
        if (scanned != ROWS) {
            throw new IllegalStateException("scanned " + scanned + " of " + ROWS + " rows");
        }
    }

    @Setup(Level.Invocation)
    public void removeWriteFile() throws IOException {
        Files.deleteIfExists(writeFile);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        long fileBytes = Files.size(scanFile);
        System.out.printf("%n[segment] %s: %d rows, in-memory %.1f MB, file %.1f MB, compression ratio %.2f%n",
                compression, ROWS, inMemoryBytes / 1e6, fileBytes / 1e6, (double) inMemoryBytes / fileBytes);
        TempDirs.delete(dir);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public Path write() {
        return writeSegment(writeFile);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long scan() {
        long scanned = 0;
        try (SegmentReader r = SegmentReader.open(FILES, scanFile)) {
            SegmentScanner s = r.scan(LineitemBatches.allColumns(), ZoneMapPredicate.ALWAYS);
            for (Batch b = s.next(); b != null; b = s.next()) {
                scanned += b.rowCount();
            }
        }
        return scanned;
    }

    private Path writeSegment(Path file) {
        try (SegmentWriter w = SegmentWriter.create(FILES, file, LineitemBatches.columns(), options)) {
            for (Batch b : batches) {
                w.append(b);
            }
            w.finish();
        }
        return file;
    }
}
