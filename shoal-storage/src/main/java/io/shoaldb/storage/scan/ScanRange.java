package io.shoaldb.storage.scan;

import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentReader;

/**
 * One work unit of a table scan: a whole tablet (merge-on-read tables, whose segments must be merged together),
 * or slice {@code slice} of {@code slices} of one segment of a DUPLICATE tablet. A slice is a range of whole pages:
 * a page belongs to the slice its first row falls in when the segment's rows are cut into {@code slices} equal
 * parts. The cut is decided without opening the segment (from the rowset's row count) and resolved to pages when
 * the unit is scanned; whatever the real page sizes, the slices 0..slices-1 of a segment take every page exactly
 * once (page sizes only make them uneven, and a slice smaller than a page may be empty).
 *
 * @param rowset the rowset holding the segment, or null for a whole tablet
 */
public record ScanRange(long tabletId, RowsetMeta rowset, int segment, int slice, int slices) {
    public ScanRange {
        if (rowset != null && (segment < 0 || segment >= rowset.segmentFiles().size() || slices < 1 || slice < 0
                || slice >= slices)) {
            throw new IllegalArgumentException("slice " + slice + " of " + slices + " of segment " + segment
                    + " of rowset " + rowset.rowsetId());
        }
    }

    /** Every row of the tablet, in one unit. */
    public static ScanRange wholeTablet(long tabletId) {
        return new ScanRange(tabletId, null, 0, 0, 1);
    }

    public boolean isWholeTablet() {
        return rowset == null;
    }

    /** Pages {@code [from, to)} of the segment {@code reader} opened that this slice covers. */
    int[] pages(SegmentReader reader) {
        int pages = reader.pageCount();
        long rows = reader.rowCount();
        int from = -1;
        int to = pages;
        long firstRow = 0;
        for (int p = 0; p < pages; p++) {
            long owner = rows == 0 ? 0 : firstRow * slices / rows; // the slice this page's first row falls in
            if (owner == slice && from < 0) {
                from = p;
            } else if (owner > slice) {
                to = p;
                break;
            }
            firstRow += reader.pageRowCount(p);
        }
        return from < 0 ? new int[] {to, to} : new int[] {from, to};
    }

    @Override
    public String toString() {
        return isWholeTablet() ? "tablet " + tabletId : "tablet " + tabletId + " rowset " + rowset.rowsetId()
                + " segment " + segment + " slice " + slice + "/" + slices;
    }
}
