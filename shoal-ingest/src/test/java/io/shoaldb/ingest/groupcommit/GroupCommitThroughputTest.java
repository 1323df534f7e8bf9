package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.rows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/** A measurement, not a check: run with {@code -Dgc.bench=true}. Prints sync loads/s and async ack latency. */
@EnabledIfSystemProperty(named = "gc.bench", matches = "true")
class GroupCommitThroughputTest {
    @TempDir
    Path dir;

    @Test
    void measure() throws Exception {
        for (int threads : new int[] {1, 30, 100}) {
            try (GcFixture f = new GcFixture(dir.resolve("sync" + threads)).open(GcFixture.options()
                    .withAdaptiveWindow(Duration.ofMillis(1)), null)) {
                long[] r = run(f, threads, 3000, true);
                System.out.printf("SYNC  threads=%3d loads/s=%8.0f commits=%d loads/commit=%.1f%n", threads,
                        r[0] * 1000.0 / r[1], f.metrics.commits(), (double) r[0] / Math.max(1, f.metrics.commits()));
            }
        }
        for (int threads : new int[] {1, 30}) {
            try (GcFixture f = new GcFixture(dir.resolve("async" + threads)).open(GcFixture.options(), null)) {
                long[] r = run(f, threads, 3000, false);
                System.out.printf("ASYNC threads=%3d loads/s=%8.0f ack p50=%dus p99=%dus%n", threads,
                        r[0] * 1000.0 / r[1], r[2], r[3]);
            }
        }
    }

    /** Returns loads, elapsed ms, p50 and p99 latency in micros. */
    private static long[] run(GcFixture f, int threads, long millis, boolean sync) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong keys = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        long deadline = System.nanoTime() + millis * 1_000_000;
        List<Future<long[]>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            futures.add(pool.submit(() -> {
                start.await();
                long[] lat = new long[1 << 20];
                int n = 0;
                while (System.nanoTime() < deadline && n < lat.length) {
                    long t0 = System.nanoTime();
                    f.manager.load(f.target, rows(keys.getAndIncrement(), 1),
                            sync ? GroupCommitMode.SYNC : GroupCommitMode.ASYNC, 1000, 64L << 20, null);
                    lat[n++] = (System.nanoTime() - t0) / 1000;
                }
                return Arrays.copyOf(lat, n);
            }));
        }
        long t0 = System.nanoTime();
        start.countDown();
        List<Long> all = new ArrayList<>();
        for (Future<long[]> fu : futures) {
            for (long l : fu.get(60, TimeUnit.SECONDS)) {
                all.add(l);
            }
        }
        long elapsed = (System.nanoTime() - t0) / 1_000_000;
        pool.shutdown();
        all.sort(null);
        return new long[] {all.size(), elapsed, all.get(all.size() / 2), all.get((int) (all.size() * 0.99))};
    }
}
