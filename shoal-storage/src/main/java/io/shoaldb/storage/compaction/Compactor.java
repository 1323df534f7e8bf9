package io.shoaldb.storage.compaction;

import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.scan.TabletScan;
import io.shoaldb.vector.Batch;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Runs one compaction: reads the inputs through the same merge scans use (UNIQUE/AGGREGATE collapse;
 * DUPLICATE merged into key order), writes one durable rowset covering their version range, and hands it
 * to the committer. The snapshot it reads keeps the inputs' files alive even if a concurrent drop
 * removes them; writers and readers are never blocked.
 */
final class Compactor {
    private final StorageEngine engine;
    private final CompactionCommitter committer;
    private final IoThrottle throttle;
    private final BooleanSupplier cancelled;

    Compactor(StorageEngine engine, CompactionCommitter committer, IoThrottle throttle, BooleanSupplier cancelled) {
        this.engine = engine;
        this.committer = committer;
        this.throttle = throttle;
        this.cancelled = cancelled;
    }

    /** Compacts {@code inputs} (consecutive rowsets of the tablet in {@code snapshot}); returns the output. */
    RowsetMeta compact(TableSnapshot snapshot, long tabletId, List<RowsetMeta> inputs) {
        long tableId = snapshot.tableId();
        RowsetWriter writer = engine.newPresortedRowsetWriter(tableId, tabletId, snapshot.schema());
        RowsetMeta written;
        try (TabletScan scan = TabletScan.openForCompaction(snapshot, tabletId, inputs)) {
            long inputBytes = inputs.stream().mapToLong(RowsetMeta::dataBytes).sum();
            long inputRows = Math.max(1, inputs.stream().mapToLong(RowsetMeta::rowCount).sum());
            for (Batch b = scan.next(); b != null; b = scan.next()) {
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException("compaction of tablet " + tabletId + " stopped");
                }
                writer.append(b);
                // Charge the input bytes this batch stands for plus roughly as much written.
                throttle.acquire(2 * inputBytes * b.positionCount() / inputRows);
            }
            written = writer.finish(0);
        } catch (RuntimeException e) {
            abortQuietly(writer, e);
            throw e;
        }
        RowsetMeta output = new RowsetMeta(written.rowsetId(), tabletId, inputs.getFirst().startVersion(),
                inputs.getLast().endVersion(), 0, written.segmentFiles(), written.rowCount(), written.dataBytes());
        try {
            committer.commitCompaction(tableId, tabletId, List.copyOf(inputs), output);
        } catch (RuntimeException e) {
            abortQuietly(writer, e);
            throw e;
        }
        return output;
    }

    private static void abortQuietly(RowsetWriter writer, RuntimeException primary) {
        try {
            writer.abort();
        } catch (RuntimeException e) {
            primary.addSuppressed(e);
        }
    }
}
