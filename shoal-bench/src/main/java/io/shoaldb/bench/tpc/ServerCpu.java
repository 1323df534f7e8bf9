package io.shoaldb.bench.tpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The CPU time a server process on this machine has used, read from {@code /proc}: the whole process (utime + stime
 * of {@code /proc/PID/stat}, which keeps the time of threads that have ended: JIT, GC, network, sessions) and its
 * query workers alone (the threads named {@code shoal-exec-*}, which live as long as the server). On a machine shared
 * with other work, wall times mostly measure the others; the CPU a query costs the server does not.
 */
final class ServerCpu {
    private static final String WORKER_PREFIX = "shoal-exec-";

    private final Path process;
    private final double millisPerTick;

    /** @param ticksPerSecond the kernel's clock ticks per second ({@code getconf CLK_TCK}) */
    ServerCpu(long pid, int ticksPerSecond) {
        this.process = Path.of("/proc", Long.toString(pid));
        this.millisPerTick = 1000.0 / ticksPerSecond;
    }

    /** CPU used so far, in ms. */
    record Sample(double processMs, double workersMs) {
        Sample perRunSince(Sample before, int runs) {
            return new Sample((processMs - before.processMs) / runs, (workersMs - before.workersMs) / runs);
        }
    }

    Sample sample() {
        try {
            long process = ticks(Files.readString(this.process.resolve("stat")));
            long workers = 0;
            try (Stream<Path> tasks = Files.list(this.process.resolve("task"))) {
                for (Path task : (Iterable<Path>) tasks::iterator) {
                    String stat;
                    try {
                        stat = Files.readString(task.resolve("stat"));
                    } catch (NoSuchFileException ended) {
                        continue; // the thread ended between the listing and the read
                    }
                    if (name(stat).startsWith(WORKER_PREFIX)) {
                        workers += ticks(stat);
                    }
                }
            }
            return new Sample(process * millisPerTick, workers * millisPerTick);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the server's CPU time from " + process, e);
        }
    }

    /** The thread or process name: between the first '(' and the last ')' (a name may hold either). */
    private static String name(String stat) {
        return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }

    /** utime + stime: fields 14 and 15 of the stat line, counted after the name, which may hold spaces. */
    private static long ticks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
