package io.shoaldb.ingest.write;

import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.rowset.InlineRowsetsWriter;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The rows of one transaction for one table: routed to their tablets, buffered and flushed by one
 * rowset writer per touched tablet. {@link #finish} makes every file durable and returns the rowsets
 * for the commit record; {@link #abort} deletes them. The tablets' full memtables are sorted and written behind the
 * appends ({@link FlushQueue}). A load known to be small writes inline rowsets instead (when storage admits them),
 * all its tablets' in one segment image ({@link InlineRowsetsWriter}): they need no file and become durable with the
 * commit record.
 * Used by one thread at a time.
 */
public final class TableLoad {
    private final StorageEngine storage;
    private final WriteTarget target;
    private final RowsetWriter[] writers;
    /** The inline rowsets' writer, or null when the load writes files. */
    private final InlineRowsetsWriter inline;
    private final FlushQueue flushes;
    private long rows;

    /** A load of unknown size: its rowsets are files. */
    public TableLoad(StorageEngine storage, WriteTarget target) {
        this(storage, target, false);
    }

    /** A load whose rows are all known up front, about {@code estimatedBytes} in memory. */
    public TableLoad(StorageEngine storage, WriteTarget target, long estimatedBytes) {
        this(storage, target, storage.admitsInline(estimatedBytes));
    }

    private TableLoad(StorageEngine storage, WriteTarget target, boolean inline) {
        this.storage = storage;
        this.target = target;
        this.inline = inline ? storage.newInlineRowsetsWriter(target.tableId()) : null;
        this.writers = new RowsetWriter[target.tablets().size()];
        this.flushes = new FlushQueue(storage.memtablesFlushedBehind());
    }

    public WriteTarget target() {
        return target;
    }

    /** Adds rows; the batch has the target schema's columns in order. */
    public void append(Batch batch) {
        if (batch.positionCount() == 0) {
            return;
        }
        Batch[] byBucket = target.router().split(batch);
        for (int bucket = 0; bucket < byBucket.length; bucket++) {
            Batch part = byBucket[bucket];
            if (part.positionCount() == 0) {
                continue;
            }
            long tabletId = target.tablets().get(bucket).tabletId();
            if (inline != null) {
                inline.append(tabletId, part);
                continue;
            }
            if (writers[bucket] == null) {
                writers[bucket] = storage.newRowsetWriter(target.tableId(), tabletId);
                writers[bucket].flushOn(flushes);
            }
            writers[bucket].append(part);
        }
        rows += batch.positionCount();
    }

    public long rows() {
        return rows;
    }

    /**
     * Flushes and fsyncs every touched tablet's rowset; returns them by tablet id. The tablets finish in
     * parallel: each waits for its own fsyncs, and one after another a commit touching many tablets would
     * wait for all of them in a row - on a busy disk that, not the CPU, decides commit latency.
     */
    public Map<Long, RowsetMeta> finish(long txnId) {
        if (inline != null) {
            return finishInline(txnId);
        }
        flushes.widen(); // the flushes still queued are now all that is left to do: every core takes them
        Map<Long, RowsetMeta> rowsets = new HashMap<>();
        List<Future<RowsetMeta>> finishing = new ArrayList<>();
        try (ExecutorService perTablet = Executors.newVirtualThreadPerTaskExecutor()) {
            for (RowsetWriter writer : writers) {
                if (writer != null) {
                    finishing.add(perTablet.submit(() -> writer.finish(txnId)));
                }
            }
            for (Future<RowsetMeta> future : finishing) {
                RowsetMeta rowset = future.get();
                rowsets.put(rowset.tabletId(), rowset);
            }
            return rowsets;
        } catch (ExecutionException e) {
            abort();
            throw e.getCause() instanceof RuntimeException runtime ? runtime
                    : ErrorCode.IO_ERROR.exceptionWithCause(e.getCause(), target.tableName(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort();
            throw ErrorCode.INTERNAL_ERROR.exceptionWithCause(e, "interrupted while writing " + target.tableName());
        } catch (RuntimeException e) {
            abort();
            throw e;
        }
    }

    /** Inline rowsets only encode in memory: no I/O to overlap, so no threads. */
    private Map<Long, RowsetMeta> finishInline(long txnId) {
        try {
            return inline.finish(txnId);
        } catch (RuntimeException e) {
            abort();
            throw e;
        }
    }

    /** Deletes whatever was written; safe after a failed finish. */
    public void abort() {
        if (inline != null) {
            inline.abort();
        }
        for (RowsetWriter writer : writers) {
            if (writer != null) {
                writer.abort();
            }
        }
    }
}
