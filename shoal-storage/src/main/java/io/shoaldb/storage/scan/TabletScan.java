package io.shoaldb.storage.scan;

import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.merge.MergeSpec;
import io.shoaldb.storage.merge.MergingStream;
import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.ScanCounters;
import io.shoaldb.storage.segment.SegmentCache;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Reads one tablet, or one work unit of it ({@link ScanRange}), at a snapshot. DUPLICATE tables stream every segment of every rowset in turn (no
 * order promised) and may prune pages by any column. UNIQUE and AGGREGATE tables merge on read: every
 * segment is a key-ordered run, a k-way merge collapses equal keys (the highest version wins, or the
 * highest sequence value; AGGREGATE combines), and only key columns may prune pages - a value predicate
 * could hide a newer version of a row and resurrect an older one. Value predicates are not applied
 * after the merge; the engine above re-evaluates every filter on the rows returned.
 *
 * <p>Key and sequence columns are read even when not projected; only projected columns are returned,
 * in projection order. Column positions (projection and predicate) are the table schema's.
 */
public final class TabletScan implements AutoCloseable {
    private final Stream stream;
    private final int[] outputColumns;

    private interface Stream extends AutoCloseable {
        Batch next();

        @Override
        void close();
    }

    private TabletScan(Stream stream, int[] outputColumns) {
        this.stream = stream;
        this.outputColumns = outputColumns;
    }

    public static TabletScan open(TableSnapshot snapshot, long tabletId, int[] projection, ZoneMapPredicate predicate) {
        return open(snapshot, ScanRange.wholeTablet(tabletId), projection, predicate);
    }

    /** One work unit: a whole tablet, or a slice of one segment of a DUPLICATE tablet ({@link ScanRanges}). */
    public static TabletScan open(TableSnapshot snapshot, ScanRange range, int[] projection,
                                  ZoneMapPredicate predicate) {
        long tabletId = range.tabletId();
        TabletSchema schema = snapshot.schema();
        for (int c : projection) {
            if (c < 0 || c >= schema.columnCount()) {
                throw new IllegalArgumentException("column " + c + " is not in a table of " + schema.columnCount());
            }
        }
        List<RowsetMeta> rowsets = snapshot.rowsets(tabletId);
        if (schema.model() == KeysModel.DUPLICATE) {
            int[] read = Arrays.stream(projection).distinct().sorted().toArray();
            boolean[] prunable = new boolean[schema.columnCount()];
            Arrays.fill(prunable, true);
            List<SegmentRef> segments = new ArrayList<>();
            if (range.isWholeTablet()) {
                for (RowsetMeta r : rowsets) {
                    for (int s = 0; s < r.segmentFiles().size(); s++) {
                        segments.add(new SegmentRef(r, s, null));
                    }
                }
            } else {
                segments.add(new SegmentRef(range.rowset(), range.segment(), range));
            }
            return new TabletScan(new Concatenation(snapshot, tabletId, segments, read, predicate, prunable),
                    positions(read, projection));
        }
        if (!range.isWholeTablet()) {
            throw new IllegalArgumentException("a " + schema.model() + " tablet is merged on read: it is scanned whole,"
                    + " not by " + range);
        }
        return merged(snapshot, tabletId, rowsets, projection, predicate, Reads.of(snapshot));
    }

    /**
     * All columns of {@code inputs} (consecutive rowsets of one tablet) in key order, equal keys collapsed
     * by the table's model (DUPLICATE rows kept): what a compaction writes.
     */
    public static TabletScan openForCompaction(TableSnapshot snapshot, long tabletId, List<RowsetMeta> inputs) {
        int[] all = new int[snapshot.schema().columnCount()];
        Arrays.setAll(all, i -> i);
        // Its inputs are read once and then replaced: not worth a place in the cache, nor a query's counters.
        return merged(snapshot, tabletId, inputs, all, ZoneMapPredicate.ALWAYS, new Reads(SegmentCache.NONE,
                new ScanCounters()));
    }

    private static TabletScan merged(TableSnapshot snapshot, long tabletId, List<RowsetMeta> rowsets, int[] projection,
                                     ZoneMapPredicate predicate, Reads reads) {
        TabletSchema schema = snapshot.schema();
        TreeSet<Integer> needed = new TreeSet<>();
        for (int k = 0; k < schema.keyColumnCount(); k++) {
            needed.add(k);
        }
        if (schema.hasSequenceColumn()) {
            needed.add(schema.sequenceColumnIndex());
        }
        Arrays.stream(projection).forEach(needed::add);
        int[] read = needed.stream().mapToInt(Integer::intValue).toArray();
        boolean[] prunable = new boolean[schema.columnCount()];
        for (int k = 0; k < schema.keyColumnCount(); k++) {
            prunable[k] = true;
        }
        List<DataType> types = new ArrayList<>();
        List<AggregateFunction> functions = new ArrayList<>();
        int sequence = -1;
        for (int i = 0; i < read.length; i++) {
            types.add(schema.columns().get(read[i]).type());
            functions.add(schema.aggregations().get(read[i]));
            if (read[i] == schema.sequenceColumnIndex()) {
                sequence = i;
            }
        }
        // Keys are columns 0..k-1, so they are also the first k merged columns.
        MergeSpec spec = new MergeSpec(schema.model(), types, schema.keyColumnCount(), sequence, functions);
        List<SegmentRowSource> sources = new ArrayList<>();
        try {
            for (RowsetMeta rowset : rowsets) {
                for (int s = 0; s < rowset.segmentFiles().size(); s++) {
                    SegmentReader reader = openSegment(snapshot, tabletId, rowset, s, reads.cache());
                    sources.add(new SegmentRowSource(new SegmentBatches(reader, schema, read, predicate, prunable,
                            reads.counters())));
                }
            }
        } catch (RuntimeException e) {
            sources.forEach(s -> closeQuietly(s::close, e));
            throw e;
        }
        MergingStream merge = new MergingStream(spec, sources, snapshot.batchRows());
        return new TabletScan(new Stream() {
            @Override
            public Batch next() {
                return merge.next();
            }

            @Override
            public void close() {
                merge.close();
            }
        }, positions(read, projection));
    }

    /**
     * Segment {@code ordinal} of the rowset: its file or its object in the table's storage vault (through the
     * cache), or the image (or run of an image's pages) an inline rowset carries.
     */
    static SegmentReader openSegment(TableSnapshot snapshot, long tabletId, RowsetMeta rowset, int ordinal,
                                     SegmentCache cache) {
        String name = rowset.segmentFiles().get(ordinal);
        if (rowset.inVault()) {
            return SegmentReader.openObject(snapshot.vault(), name, cache);
        }
        Path path = snapshot.tabletDirectory(tabletId).resolve(name);
        if (rowset.inline()) {
            InlineSegment segment = rowset.inlineSegments().get(ordinal);
            return SegmentReader.openImage(path, segment.image(), segment.fromPage(), segment.toPage());
        }
        return SegmentReader.open(snapshot.files(), path, cache);
    }

    /** Where a scan keeps decoded pages and counts what it read and skipped. */
    private record Reads(SegmentCache cache, ScanCounters counters) {
        static Reads of(TableSnapshot snapshot) {
            return new Reads(snapshot.segmentCache(), snapshot.scanCounters());
        }
    }

    /** One segment of one rowset: all its pages, or the slice {@code range} takes (when not null). */
    private record SegmentRef(RowsetMeta rowset, int ordinal, ScanRange range) {
    }

    /** For each projected column, its position among the columns read. */
    private static int[] positions(int[] read, int[] projection) {
        int[] out = new int[projection.length];
        for (int i = 0; i < projection.length; i++) {
            out[i] = Arrays.binarySearch(read, projection[i]);
        }
        return out;
    }

    /** The next batch of projected columns, or null at the end. Batches may be empty of positions only at the end. */
    public Batch next() {
        Batch b = stream.next();
        if (b == null) {
            return null;
        }
        ColumnVector[] out = new ColumnVector[outputColumns.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.column(outputColumns[i]);
        }
        return new Batch(b.rowCount(), out);
    }

    @Override
    public void close() {
        stream.close();
    }

    private static void closeQuietly(Runnable close, RuntimeException primary) {
        try {
            close.run();
        } catch (RuntimeException e) {
            primary.addSuppressed(e);
        }
    }

    /** DUPLICATE: segments one after another, opened lazily so only one file is open at a time. */
    private static final class Concatenation implements Stream {
        private final TableSnapshot snapshot;
        private final long tabletId;
        private final TabletSchema schema;
        private final List<SegmentRef> segments;
        private final int[] read;
        private final ZoneMapPredicate predicate;
        private final boolean[] prunable;
        private final Reads reads;
        private int nextSegment;
        private SegmentBatches current;

        Concatenation(TableSnapshot snapshot, long tabletId, List<SegmentRef> segments, int[] read,
                      ZoneMapPredicate predicate, boolean[] prunable) {
            this.snapshot = snapshot;
            this.tabletId = tabletId;
            this.schema = snapshot.schema();
            this.segments = segments;
            this.read = read;
            this.predicate = predicate;
            this.prunable = prunable;
            this.reads = Reads.of(snapshot);
        }

        @Override
        public Batch next() {
            while (true) {
                if (current == null) {
                    if (nextSegment == segments.size()) {
                        return null;
                    }
                    SegmentRef next = segments.get(nextSegment++);
                    SegmentReader reader = openSegment(snapshot, tabletId, next.rowset(), next.ordinal(), reads.cache());
                    current = new SegmentBatches(reader, schema, read, predicate, prunable, reads.counters(),
                            next.range());
                }
                Batch b = current.next();
                if (b != null) {
                    return b;
                }
                current.close();
                current = null;
            }
        }

        @Override
        public void close() {
            if (current != null) {
                current.close();
                current = null;
            }
        }
    }
}
