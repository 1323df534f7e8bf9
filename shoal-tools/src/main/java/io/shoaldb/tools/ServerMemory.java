package io.shoaldb.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The largest resident memory of a server while a load runs, sampled on a daemon thread: {@code VmRSS} of the
 * server process every {@link #PERIOD_MS} ms, and every {@link #PSS_EVERY}th time the proportional set size
 * ({@code Pss}) summed over the process and its children, which is what a server of many processes (PostgreSQL's
 * backends share its buffers) holds without counting a shared page once per process. For one process the two are
 * about the same. {@code smaps_rollup} walks the whole address space under the process's memory lock, so it is
 * read seldom, not to slow the server it measures.
 */
final class ServerMemory implements AutoCloseable {
    static final long PERIOD_MS = 100;
    static final int PSS_EVERY = 10;

    private final long pid;
    private final Thread sampler;
    private volatile boolean stop;
    private volatile long maxRssKb;
    private volatile long maxTreePssKb;
    private int samples;

    private ServerMemory(long pid) {
        this.pid = pid;
        this.sampler = Thread.ofPlatform().daemon().name("server-memory").unstarted(this::sampleUntilStopped);
    }

    /** Starts sampling {@code pid}; nothing is sampled for a pid <= 0. */
    static ServerMemory watch(long pid) {
        ServerMemory m = new ServerMemory(pid);
        if (pid > 0) {
            m.sampler.start();
        }
        return m;
    }

    private void sampleUntilStopped() {
        while (!stop) {
            sample();
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample() {
        maxRssKb = Math.max(maxRssKb, statusKb(pid, "VmRSS:"));
        if (samples++ % PSS_EVERY != 0) {
            return;
        }
        long pss = 0;
        for (long p : tree(pid)) {
            pss += rollupKb(p, "Pss:");
        }
        maxTreePssKb = Math.max(maxTreePssKb, pss);
    }

    /** Stops sampling after one last sample; then {@link #maxRssMb()} and {@link #maxTreePssMb()} are final. */
    @Override
    public void close() throws InterruptedException {
        if (pid <= 0) {
            return;
        }
        stop = true;
        sampler.interrupt();
        sampler.join();
        samples = 0; // the last sample reads both
        sample();
    }

    long maxRssMb() {
        return maxRssKb >> 10;
    }

    long maxTreePssMb() {
        return maxTreePssKb >> 10;
    }

    /** {@code pid} and every process whose parent is in the list (children of children included). */
    private static List<Long> tree(long pid) {
        List<long[]> all = new ArrayList<>(); // {pid, ppid}
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).forEach(p -> {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    all.add(new long[] {Long.parseLong(p.getFileName().toString()), Long.parseLong(f[1])});
                } catch (IOException | RuntimeException gone) {
                    // the process ended while listed
                }
            });
        } catch (IOException e) {
            return List.of(pid);
        }
        List<Long> tree = new ArrayList<>(List.of(pid));
        for (int i = 0; i < tree.size(); i++) {
            long parent = tree.get(i);
            for (long[] p : all) {
                if (p[1] == parent) {
                    tree.add(p[0]);
                }
            }
        }
        return tree;
    }

    private static long statusKb(long pid, String key) {
        return fieldKb(Path.of("/proc", Long.toString(pid), "status"), key);
    }

    private static long rollupKb(long pid, String key) {
        return fieldKb(Path.of("/proc", Long.toString(pid), "smaps_rollup"), key);
    }

    /** The kB figure of the line that starts with {@code key}, or 0 when the file or line is not there. */
    private static long fieldKb(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).strip().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the process ended, or the field is not there
        }
        return 0;
    }
}
