package io.shoaldb.txn.log;

import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.SegmentImage;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Inline rowsets that share one real segment image, as one small load on several tablets writes them. */
public final class SharedImages {
    private static final Path NAME = Path.of("shared.seg");

    private SharedImages() {
    }

    /**
     * One image of a BIGINT column; tablet {@code firstTablet + t} gets values {@code t * 100 + 0..rowsEach-1} on
     * pages of 3 rows of its own. Rowset ids start at {@code firstRowsetId}.
     */
    public static Map<Long, RowsetMeta> rowsets(long firstRowsetId, long firstTablet, int tablets, int rowsEach) {
        SegmentWriterOptions options = SegmentWriterOptions.DEFAULT.withMaxPageRows(3);
        Map<Long, RowsetMeta> out = new HashMap<>();
        try (SegmentWriter w = SegmentWriter.inMemory(NAME, List.of(new SegmentColumn(1, DataType.BIGINT)), options)) {
            int[][] runs = new int[tablets][];
            for (int t = 0; t < tablets; t++) {
                BatchBuilder b = new BatchBuilder(List.of(DataType.BIGINT));
                for (int i = 0; i < rowsEach; i++) {
                    b.appendRow((long) t * 100 + i);
                }
                int from = w.pageCount();
                w.append(b.build());
                w.cutPage();
                runs[t] = new int[] {from, w.pageCount()};
            }
            w.finish();
            SegmentImage image = new SegmentImage(w.image());
            for (int t = 0; t < tablets; t++) {
                long id = firstRowsetId + t;
                out.put(firstTablet + t, new RowsetMeta(id, firstTablet + t, 0, 0, 0, List.of(id + "_0.seg"),
                        rowsEach, 10, List.of(new InlineSegment(image, runs[t][0], runs[t][1]))));
            }
        }
        return out;
    }

    /** The values of the rowset's one inline segment, read through a segment reader. */
    public static List<Long> values(RowsetMeta rowset) {
        InlineSegment s = rowset.inlineSegments().getFirst();
        List<Long> values = new ArrayList<>();
        try (SegmentReader r = SegmentReader.openImage(NAME, s.image(), s.fromPage(), s.toPage())) {
            for (int p = 0; p < r.pageCount(); p++) {
                FlatVector page = (FlatVector) r.readPage(0, p);
                for (int i = 0; i < r.pageRowCount(p); i++) {
                    values.add((Long) page.getObject(i));
                }
            }
        }
        return values;
    }

    /** What {@link #values} returns for tablet {@code t} (counted from the first) of {@link #rowsets}. */
    public static List<Long> expected(int t, int rowsEach) {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < rowsEach; i++) {
            values.add((long) t * 100 + i);
        }
        return values;
    }
}
