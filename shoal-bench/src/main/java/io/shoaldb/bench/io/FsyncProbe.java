package io.shoaldb.bench.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * What one durable log append costs on a directory's device, the two ways ShoalDB's logs have done it: a
 * 300-byte record appended to a growing file and fsynced (every fsync then also commits the file system's
 * journal: new blocks, size, mtime), and the same record written over a preallocated, zero-filled file and
 * fdatasynced (no metadata to commit). Three rounds of N appends each way, one way after the other (not
 * interleaved: an interleaved journal commit would serve both); prints p50/p90 ms per append.
 * Usage: {@code java -cp shoal-bench/target/benchmarks.jar io.shoaldb.bench.io.FsyncProbe DIR [N=300]}.
 */
public final class FsyncProbe {
    private static final int RECORD = 300;

    private FsyncProbe() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        Path growing = dir.resolve("fsync-probe-growing");
        Path preallocated = dir.resolve("fsync-probe-preallocated");
        try {
            for (int round = 0; round < 3; round++) {
                Files.deleteIfExists(growing);
                Files.deleteIfExists(preallocated);
                try (FileChannel c = FileChannel.open(preallocated, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                    c.write(ByteBuffer.allocate(RECORD * n + 4096), 0);
                    c.force(true);
                }
                double[] append = appends(growing, n, true);
                double[] inPlace = appends(preallocated, n, false);
                System.out.printf("round %d: append+fsync p50 %.3f ms p90 %.3f ms | in place+fdatasync p50 %.3f ms"
                        + " p90 %.3f ms%n", round, append[n / 2], append[n * 9 / 10], inPlace[n / 2], inPlace[n * 9 / 10]);
            }
        } finally {
            Files.deleteIfExists(growing);
            Files.deleteIfExists(preallocated);
        }
    }

    /** Sorted milliseconds of {@code n} appends of one record, each followed by fsync or fdatasync. */
    private static double[] appends(Path file, int n, boolean fsync) throws IOException {
        double[] ms = new double[n];
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer record = ByteBuffer.allocate(RECORD);
            long position = 0;
            for (int i = 0; i < n; i++) {
                record.clear();
                long t0 = System.nanoTime();
                while (record.hasRemaining()) {
                    position += c.write(record, position);
                }
                c.force(fsync);
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        Arrays.sort(ms);
        return ms;
    }
}
