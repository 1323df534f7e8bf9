package io.shoaldb.exec.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's worker pool: a fixed number of threads (= cores) shared by all queries. Drivers run in
 * slices and re-queue themselves, and they never block waiting for another task (a full exchange parks
 * the driver instead), so a slow client or a big query cannot hold workers hostage.
 */
public final class TaskScheduler implements AutoCloseable {
    private final ExecutorService pool;
    private final int threads;
    private final LoadShare share;

    public TaskScheduler(int threads) {
        this(threads, LoadShare.none(threads));
    }

    public TaskScheduler(int threads, LoadShare share) {
        if (threads < 1) {
            throw new IllegalArgumentException("worker threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.share = share;
        AtomicInteger ids = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "shoal-exec-" + ids.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public int threads() {
        return threads;
    }

    void submit(Runnable task) {
        pool.execute(() -> {
            try {
                share.enter();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the pool is shutting down
                return;
            }
            try {
                task.run();
            } finally {
                share.exit();
            }
        });
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
