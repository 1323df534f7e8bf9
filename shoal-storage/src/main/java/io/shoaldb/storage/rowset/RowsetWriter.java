package io.shoaldb.storage.rowset;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes one rowset of one tablet. {@link #append} buffers rows in a bounded memtable and flushes it as
 * a sorted (and, for UNIQUE/AGGREGATE, collapsed) segment when full; {@link #finish} flushes the rest
 * and returns the rowset's durable metadata. Nothing becomes visible until the transaction layer
 * publishes the returned meta. Any failure deletes everything written and leaves the writer failed, so
 * the caller aborts the transaction. Not thread-safe: one writer per load task.
 *
 * <p>An inline writer keeps its segments in memory; they become durable in the commit record that
 * carries the returned meta ({@link RowsetMeta#inline()}). A writer for a table in a storage vault uploads each
 * segment as it finishes it, so the returned meta names objects that exist before any commit record names them.
 *
 * <p>A presorted writer (compaction output) takes batches already in key order with keys collapsed and
 * streams them straight into segments.
 */
public final class RowsetWriter {
    private enum State { OPEN, FINISHED, ABORTED, FAILED }

    private final long tabletId;
    private final long rowsetId;
    private final long memtableBytes;
    private final long segmentTargetBytes;
    private final boolean presorted;
    private final List<SegmentColumn> columns;
    private final MemTable memTable;
    private final SegmentSink sink;
    private State state = State.OPEN;

    /** Segments go to {@code objects} (null: files in {@code tabletDir}) unless the writer is {@code inline}. */
    public RowsetWriter(FilesFacade files, Path tabletDir, long tabletId, long rowsetId, TabletSchema schema,
                        long memtableBytes, long segmentTargetBytes, SegmentWriterOptions segmentOptions,
                        int batchRows, boolean presorted, boolean inline, SegmentObjects objects) {
        this.tabletId = tabletId;
        this.rowsetId = rowsetId;
        this.memtableBytes = memtableBytes;
        this.segmentTargetBytes = segmentTargetBytes;
        this.presorted = presorted;
        this.columns = schema.columns();
        this.memTable = new MemTable(schema, batchRows);
        this.sink = new SegmentSink(files, tabletDir, rowsetId, columns, segmentOptions, inline, objects);
    }

    public long rowsetId() {
        return rowsetId;
    }

    public long tabletId() {
        return tabletId;
    }

    /** Adds the selected rows of {@code batch}, whose columns are the tablet schema's, in order. */
    public void append(Batch batch) {
        checkOpen();
        checkShape(batch);
        run(() -> {
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
                flush();
            }
        });
    }

    private void flush() {
        memTable.drain(sink::write);
        sink.endSegment();
    }

    /**
     * Flushes the remaining rows and returns the rowset: its segment files are fsynced and their directory
     * entries durable. Versions are 0; the transaction layer stamps them ({@link RowsetMeta#atVersion}).
     */
    public RowsetMeta finish(long txnId) {
        checkOpen();
        run(this::flush);
        state = State.FINISHED;
        return new RowsetMeta(rowsetId, tabletId, 0, 0, txnId, sink.segmentFiles(), sink.rows(), sink.bytes(),
                sink.images());
    }

    /** Deletes every file of this rowset (also after {@link #finish}, when its transaction is aborted). */
    public void abort() {
        if (state == State.ABORTED) {
            return;
        }
        state = State.ABORTED;
        sink.deleteAll();
    }

    private void run(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            state = State.FAILED;
            try {
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

    private void checkShape(Batch batch) {
        if (batch.columnCount() != columns.size()) {
            throw new IllegalArgumentException("batch has " + batch.columnCount() + " columns, tablet "
                    + tabletId + " has " + columns.size());
        }
        for (int c = 0; c < columns.size(); c++) {
            if (!batch.column(c).type().equals(columns.get(c).type())) {
                throw new IllegalArgumentException("column " + c + " is " + batch.column(c).type() + ", tablet "
                        + tabletId + " expects " + columns.get(c).type());
            }
        }
    }
}
