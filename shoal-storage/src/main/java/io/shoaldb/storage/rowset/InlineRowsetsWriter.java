package io.shoaldb.storage.rowset;

import io.shoaldb.storage.segment.SegmentImage;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Writes the inline rowsets of one small load on one table (see {@link RowsetMeta#inline()}): one rowset per touched
 * tablet, all in one segment image. Each tablet's rows are sorted (and, for UNIQUE/AGGREGATE, collapsed) like a
 * memtable flush and written on pages of their own, so a tablet's rowset is a run of the image's pages
 * ({@link InlineSegment}). A group commit of a few rows per tablet used to write one segment per tablet: a header,
 * footer, zone maps and page buffers per tablet, then one image per tablet in the commit record; now it writes one.
 * Nothing touches the disk; the images become durable in the commit record that carries the rowsets. Used by one
 * thread.
 */
public final class InlineRowsetsWriter {
    private final TabletSchema schema;
    private final MemTable.Layout layout;
    private final SegmentWriterOptions options;
    private final Map<Long, Path> tabletDirectories;
    private final LongSupplier rowsetIds;
    private final Map<Long, MemTable> tablets = new LinkedHashMap<>();
    private boolean done;

    /**
     * @param tabletDirectories each tablet's directory: where its rowset's segment would be, to name it in errors
     * @param rowsetIds gives each rowset its id, unique on the node
     */
    public InlineRowsetsWriter(TabletSchema schema, int batchRows, SegmentWriterOptions options,
                               Map<Long, Path> tabletDirectories, LongSupplier rowsetIds) {
        this.schema = schema;
        this.layout = new MemTable.Layout(schema, batchRows);
        this.options = options;
        this.tabletDirectories = tabletDirectories;
        this.rowsetIds = rowsetIds;
    }

    /** Adds rows of tablet {@code tabletId}; the batch has the table schema's columns in order. */
    public void append(long tabletId, Batch batch) {
        checkOpen();
        if (!tabletDirectories.containsKey(tabletId)) {
            throw new IllegalArgumentException("tablet " + tabletId + " is not in the table");
        }
        RowsetShapes.check(schema.columns(), batch, tabletId);
        if (batch.positionCount() == 0) {
            return;
        }
        tablets.computeIfAbsent(tabletId, t -> new MemTable(layout)).add(batch.compact());
    }

    /** The rowsets, by tablet id (versions 0, for the transaction to stamp); every one shares the one image. */
    public Map<Long, RowsetMeta> finish(long txnId) {
        checkOpen();
        done = true;
        if (tablets.isEmpty()) {
            return Map.of();
        }
        record Run(long tabletId, long rowsetId, int fromPage, int toPage, long rows, long bytes) {
        }
        Run[] runs = new Run[tablets.size()];
        long firstRowsetId = rowsetIds.getAsLong();
        Path imagePath = tabletDirectories.get(tablets.keySet().iterator().next())
                .resolve(SegmentFiles.name(firstRowsetId, 0));
        try (SegmentWriter image = SegmentWriter.inMemory(imagePath, schema.columns(), options)) {
            int i = 0;
            for (Map.Entry<Long, MemTable> tablet : tablets.entrySet()) {
                int fromPage = image.pageCount();
                long rowsBefore = image.rowCount();
                long bytesBefore = image.fileSize();
                tablet.getValue().drain(image::append);
                image.cutPage();
                runs[i] = new Run(tablet.getKey(), i == 0 ? firstRowsetId : rowsetIds.getAsLong(), fromPage,
                        image.pageCount(), image.rowCount() - rowsBefore, image.fileSize() - bytesBefore);
                i++;
            }
            image.finish();
            SegmentImage shared = new SegmentImage(image.image());
            Map<Long, RowsetMeta> rowsets = new HashMap<>();
            for (Run run : runs) {
                // One tablet's run is the whole image: said so, a checkpoint writes it as it is instead of a copy.
                InlineSegment segment = runs.length == 1 ? new InlineSegment(shared, 0, SegmentImage.LAST_PAGE)
                        : new InlineSegment(shared, run.fromPage(), run.toPage());
                rowsets.put(run.tabletId(), new RowsetMeta(run.rowsetId(), run.tabletId(), 0, 0, txnId,
                        List.of(SegmentFiles.name(run.rowsetId(), 0)), run.rows(), run.bytes(), List.of(segment)));
            }
            return rowsets;
        } finally {
            tablets.clear();
        }
    }

    /** Drops the rows; there is nothing on disk to delete. */
    public void abort() {
        done = true;
        tablets.clear();
    }

    private void checkOpen() {
        if (done) {
            throw new IllegalStateException("the inline rowsets are already finished or aborted");
        }
    }
}
