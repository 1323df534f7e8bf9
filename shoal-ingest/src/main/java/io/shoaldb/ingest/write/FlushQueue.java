package io.shoaldb.ingest.write;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * One load's memtable flushes ({@link io.shoaldb.storage.rowset.RowsetWriter#flushOn}), run one at a time in the
 * order they come, on a virtual thread that exists only while there are flushes to run. A table's tablets get
 * its rows at the same rate and so fill their memtables together: flushed all at once, they would take every
 * core from the load's decoding and then leave cores idle until the next round; one at a time, decoding keeps
 * one core and the flushes the other. Its tasks complete their own futures and never throw
 * ({@code CompletableFuture.runAsync}).
 */
final class FlushQueue implements Executor {
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    private boolean running;

    @Override
    public void execute(Runnable task) {
        synchronized (queue) {
            queue.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        Thread.ofVirtual().name("shoal-memtable-flush").start(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (queue) {
                next = queue.poll();
                if (next == null) {
                    running = false;
                    return;
                }
            }
            next.run();
        }
    }
}
