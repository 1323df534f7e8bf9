package io.shoaldb.server.streamload;

import io.shoaldb.vector.Batch;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * Hands a load's decoded batches to its writer on a thread of their own, in order, so that decoding the next
 * batch (parsing, converting) overlaps routing, sorting and encoding the last ones: on a big body each half
 * takes a large share of the time, and one thread did them in turn. At most {@code depth} batches wait or are
 * being written, which bounds what a load holds beyond its decoder's batch. The writer is the only thread that
 * touches the sink until {@link #finish} or {@link #close} returns.
 */
final class WriteBehind implements AutoCloseable {
    private final Consumer<Batch> sink;
    private final int depth;
    private final Semaphore room;
    private final ExecutorService writer =
            Executors.newSingleThreadExecutor(Thread.ofVirtual().name("shoal-load-writer").factory());
    private volatile Throwable failure;

    WriteBehind(Consumer<Batch> sink, int depth) {
        this.sink = sink;
        this.depth = depth;
        this.room = new Semaphore(depth);
    }

    /** Queues {@code batch} for the sink; waits while {@code depth} batches are ahead of it. */
    void accept(Batch batch) throws InterruptedIOException {
        throwIfFailed();
        try {
            room.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing rows to the writer");
        }
        writer.execute(() -> {
            try {
                if (failure == null) {
                    sink.accept(batch);
                }
            } catch (Throwable t) {
                failure = t; // every later batch is skipped; the decoder's thread rethrows it
            } finally {
                room.release();
            }
        });
    }

    /** Waits until every queued batch is written; throws the sink's failure, if it failed. */
    void finish() {
        room.acquireUninterruptibly(depth);
        room.release(depth);
        throwIfFailed();
    }

    private void throwIfFailed() {
        Throwable t = failure;
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }

    /** Waits for what was queued (also when decoding failed), then stops the writer thread. */
    @Override
    public void close() {
        writer.close();
    }
}
