package io.shoaldb.storage.rowset;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Writes one rowset of one tablet. {@link #append} buffers rows in a bounded memtable and flushes it as
 * a sorted (and, for UNIQUE/AGGREGATE, collapsed) segment when full; {@link #finish} flushes the rest
 * and returns the rowset's durable metadata. Nothing becomes visible until the transaction layer
 * publishes the returned meta. Any failure deletes everything written and leaves the writer failed, so
 * the caller aborts the transaction. Not thread-safe: one writer per load task.
 *
 * <p>A writer for a table in a storage vault uploads each
 * segment as it finishes it, so the returned meta names objects that exist before any commit record names them.
 *
 * <p>A presorted writer (compaction output) takes batches already in key order with keys collapsed and
 * streams them straight into segments.
 *
 * <p>A writer given a flusher ({@link #flushOn}) sorts and writes a full memtable there while its caller appends
 * to a fresh one: a big load keeps decoding instead of waiting for every sort and encode. At most one memtable
 * per writer is being flushed (the next full one waits for it), so a writer holds at most two memtables; a
 * flush's failure fails the writer's next call, like a failure of its own.
 */
public final class RowsetWriter {
    private enum State { OPEN, FINISHED, ABORTED, FAILED }

    private final long tabletId;
    private final long rowsetId;
    private final long memtableBytes;
    private final long segmentTargetBytes;
    private final boolean presorted;
    private final MemTable.Layout layout;
    private final List<SegmentColumn> columns;
    private final SegmentSink sink;
    private MemTable memTable;
    private Executor flusher;
    private CompletableFuture<Void> flushing = CompletableFuture.completedFuture(null);
    private State state = State.OPEN;

    /** Segments go to {@code objects} (null: files in {@code tabletDir}). */
    public RowsetWriter(FilesFacade files, Path tabletDir, long tabletId, long rowsetId, TabletSchema schema,
                        long memtableBytes, long segmentTargetBytes, SegmentWriterOptions segmentOptions,
                        int batchRows, boolean presorted, SegmentObjects objects) {
        this.tabletId = tabletId;
        this.rowsetId = rowsetId;
        this.memtableBytes = memtableBytes;
        this.segmentTargetBytes = segmentTargetBytes;
        this.presorted = presorted;
        this.layout = new MemTable.Layout(schema, batchRows);
        this.columns = schema.columns();
        this.memTable = new MemTable(layout);
        this.sink = new SegmentSink(files, tabletDir, rowsetId, columns, segmentOptions, objects);
    }

    public long rowsetId() {
        return rowsetId;
    }

    public long tabletId() {
        return tabletId;
    }

    /**
     * From now on full memtables are sorted and written on {@code executor}, one at a time; the caller's
     * thread only waits when a second memtable fills before the first is written. Not for presorted writers.
     */
    public void flushOn(Executor executor) {
        if (presorted) {
            throw new IllegalStateException("a presorted writer has no memtable to flush");
        }
        this.flusher = executor;
    }

    /** Adds the selected rows of {@code batch}, whose columns are the tablet schema's, in order. */
    public void append(Batch batch) {
        checkOpen();
        RowsetShapes.check(columns, batch, tabletId);
        run(() -> {
            if (flushing.isCompletedExceptionally()) {
                awaitFlushing(); // throws the background flush's failure
            }
            Batch flat = batch.compact();
            if (presorted) {
                sink.write(flat);
                if (sink.currentSegmentBytes() >= segmentTargetBytes) {
                    sink.endSegment();
                }
                return;
            }
            memTable.add(flat);
            if (memTable.bytes() >= memtableBytes) {
                if (flusher == null) {
                    flush(memTable);
                } else {
                    flushBehind();
                }
            }
        });
    }

    private void flush(MemTable rows) {
        rows.drain(sink::write);
        sink.endSegment();
    }

    /** Hands the full memtable to the flusher and starts a fresh one; the sink is the flusher's until it is done. */
    private void flushBehind() {
        awaitFlushing();
        MemTable full = memTable;
        memTable = new MemTable(layout);
        flushing = CompletableFuture.runAsync(() -> flush(full), flusher);
    }

    /** Waits for the background flush, if any; rethrows its failure. */
    private void awaitFlushing() {
        try {
            flushing.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /**
     * Flushes the remaining rows and returns the rowset: its segment files are fsynced and their directory
     * entries durable. Versions are 0; the transaction layer stamps them ({@link RowsetMeta#atVersion}).
     */
    public RowsetMeta finish(long txnId) {
        checkOpen();
        run(() -> {
            awaitFlushing();
            flush(memTable);
        });
        state = State.FINISHED;
        return new RowsetMeta(rowsetId, tabletId, 0, 0, txnId, sink.segmentFiles(), sink.rows(), sink.bytes());
    }

    /** Deletes every file of this rowset (also after {@link #finish}, when its transaction is aborted). */
    public void abort() {
        if (state == State.ABORTED) {
            return;
        }
        state = State.ABORTED;
        awaitFlushingQuietly();
        sink.deleteAll();
    }

    /** Waits for the background flush, if any, whatever its outcome: a flush still writing would race a delete. */
    private void awaitFlushingQuietly() {
        flushing.exceptionally(failed -> null).join();
    }

    private void run(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            state = State.FAILED;
            try {
                awaitFlushingQuietly();
                sink.deleteAll();
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private void checkOpen() {
        if (state != State.OPEN) {
            throw new IllegalStateException("rowset " + rowsetId + " of tablet " + tabletId + " is " + state);
        }
    }
}
