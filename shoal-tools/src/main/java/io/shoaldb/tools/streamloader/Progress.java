package io.shoaldb.tools.streamloader;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/** Counters of a run and the one-line progress bar on stderr: rows, MB, MB/s, ETA from the total source size. */
final class Progress {
    final AtomicLong bytesDone = new AtomicLong();
    final AtomicLong rowsLoaded = new AtomicLong();
    final AtomicLong rowsFiltered = new AtomicLong();
    final AtomicLong failedChunks = new AtomicLong();
    final AtomicLong chunksDone = new AtomicLong();
    private final long totalBytes;
    private final long startNanos = System.nanoTime();

    Progress(long totalBytes) {
        this.totalBytes = totalBytes;
    }

    double seconds() {
        return Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
    }

    void print(PrintStream err) {
        double mb = bytesDone.get() / 1048576.0;
        double rate = mb / seconds();
        double fraction = totalBytes == 0 ? 1 : Math.min(1, (double) bytesDone.get() / totalBytes);
        int filled = (int) (fraction * 30);
        String eta = rate <= 0 ? "?" : String.format(Locale.ROOT, "%.0fs",
                (totalBytes - bytesDone.get()) / 1048576.0 / rate);
        err.printf(Locale.ROOT, "\r[%s%s] %5.1f%% rows %d  %.1f MB  %.1f MB/s  ETA %s   ", "#".repeat(filled),
                " ".repeat(30 - filled), fraction * 100, rowsLoaded.get(), mb, rate, eta);
        err.flush();
    }

    String summary() {
        double s = seconds();
        return String.format(Locale.ROOT, "loaded rows: %d, filtered rows: %d, bytes: %d, time: %.1f s, rows/s: %.0f,"
                        + " MB/s: %.1f, requests: %d, failed requests: %d", rowsLoaded.get(), rowsFiltered.get(),
                bytesDone.get(), s, rowsLoaded.get() / s, bytesDone.get() / 1048576.0 / s, chunksDone.get(),
                failedChunks.get());
    }
}
