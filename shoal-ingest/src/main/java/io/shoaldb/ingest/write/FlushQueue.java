package io.shoaldb.ingest.write;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * One load's memtable flushes ({@link io.shoaldb.storage.rowset.RowsetWriter#flushOn}), run in the order they come
 * on virtual threads that exist only while there are flushes to run: while the load is still decoding, on all
 * cores but one; once it finishes ({@link #widen}), on all. A table's tablets get its rows at the same rate and so
 * fill their memtables together: flushed all at once, they would take every core from the load's decoding and then
 * leave cores idle until the next round; this way decoding keeps a core and the flushes the others, and the
 * flushes still queued when the body ends get every core. A writer has at most one flush queued, so flushes that
 * run side by side are always of different tablets. Its tasks complete their own futures and never throw
 * ({@code CompletableFuture.runAsync}).
 * <p>
 * Each flush holds a full memtable (`write_buffer_size`, 32 MB by default) until it is written, so the queue holds a bounded number of
 * them ({@code StorageEngine.memtablesFlushedBehind}, an eighth of the heap): a flush handed over beyond that runs
 * on the caller's thread, as all did before flushes ran behind. Without the bound a table of many tablets would
 * hold a second memtable for every tablet (16 buckets of a big load: another gigabyte, on a 1 GB heap too).
 */
final class FlushQueue implements Executor {
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    /** Flushes held (queued or running) at most, each holding a full memtable. */
    private final int maxHeld;
    private int parallelism = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    private int running;
    /** Flushes queued or running. */
    private int held;

    /** @param maxHeld flushes that may wait or run at once; beyond them a flush runs on its caller's thread */
    FlushQueue(int maxHeld) {
        this.maxHeld = maxHeld;
    }

    @Override
    public void execute(Runnable task) {
        boolean queued;
        boolean newDrainer = false;
        synchronized (queue) {
            queued = held < maxHeld;
            if (queued) {
                held++;
                queue.add(task);
                newDrainer = running < parallelism;
                if (newDrainer) {
                    running++;
                }
            }
        }
        if (!queued) {
            task.run(); // the queue holds its share of memtables already: flush on the caller's thread
        } else if (newDrainer) {
            startDrainer();
        }
    }

    /** From now on every core may flush: the load has no more rows to decode. */
    void widen() {
        int more;
        synchronized (queue) {
            parallelism = Runtime.getRuntime().availableProcessors();
            more = Math.min(queue.size(), Math.max(0, parallelism - running));
            running += more;
        }
        for (int i = 0; i < more; i++) {
            startDrainer();
        }
    }

    private void startDrainer() {
        Thread.ofVirtual().name("shoal-memtable-flush").start(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (queue) {
                next = queue.poll();
                if (next == null) {
                    running--;
                    return;
                }
            }
            next.run();
            synchronized (queue) {
                held--;
            }
        }
    }
}
