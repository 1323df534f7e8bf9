package io.shoaldb.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The peak memory of a server's process tree while a benchmark runs, sampled from /proc. PSS (proportional set
 * size) rather than RSS, summed over the process and its descendants: PostgreSQL serves each connection from a
 * process of its own that maps the shared buffers too, and summing their RSS would count those buffers once per
 * connection. For a one-process server (ShoalDB, MariaDB) PSS is its RSS less the libraries it shares.
 */
final class ProcessTreeMemory implements AutoCloseable {
    private static final long SAMPLE_MILLIS = 200;

    private final long rootPid;
    private final AtomicLong peakKb = new AtomicLong();
    private final Thread sampler;
    private volatile boolean stopped;

    private ProcessTreeMemory(long rootPid) {
        this.rootPid = rootPid;
        this.sampler = Thread.ofPlatform().daemon().name("memory-sampler").unstarted(this::sample);
    }

    /** Starts sampling the tree under {@code rootPid}; a pid of 0 or less samples nothing. */
    static ProcessTreeMemory start(long rootPid) {
        ProcessTreeMemory m = new ProcessTreeMemory(rootPid);
        if (rootPid > 0) {
            m.sampler.start();
        }
        return m;
    }

    /** The largest PSS of the tree seen so far, in MiB (0 when nothing could be read). */
    double peakMib() {
        return peakKb.get() / 1024.0;
    }

    private void sample() {
        while (!stopped) {
            peakKb.accumulateAndGet(treePssKb(rootPid), Math::max);
            try {
                Thread.sleep(SAMPLE_MILLIS); // a sampling period, not a synchronisation
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static long treePssKb(long pid) {
        long kb = pssKb(pid);
        for (String child : children(pid)) {
            kb += treePssKb(Long.parseLong(child));
        }
        return kb;
    }

    private static long pssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/smaps_rollup"))) {
                if (line.startsWith("Pss:")) {
                    return Long.parseLong(line.substring(4).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended between listing and reading: it holds nothing now
        }
        return 0;
    }

    private static String[] children(long pid) {
        try {
            String list = Files.readString(Path.of("/proc/" + pid + "/task/" + pid + "/children")).trim();
            return list.isEmpty() ? new String[0] : list.split("\\s+");
        } catch (IOException e) {
            return new String[0];
        }
    }

    @Override
    public void close() {
        stopped = true;
        sampler.interrupt();
    }
}
