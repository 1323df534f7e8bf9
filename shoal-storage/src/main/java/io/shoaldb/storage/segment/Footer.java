package io.shoaldb.storage.segment;

import java.util.List;

/**
 * The decoded footer. Pages are row-aligned: page {@code p} of every column holds rows
 * {@code [pageFirstRow(p), pageFirstRow(p) + pageRowCounts[p])}, so a scan turns one page index into one batch.
 */
public record Footer(int formatVersion, long rowCount, int[] pageRowCounts, List<ColumnMeta> columns) {
    public Footer {
        columns = List.copyOf(columns);
        pageRowCounts = pageRowCounts.clone();
    }

    public int pageCount() {
        return pageRowCounts.length;
    }

    public long pageFirstRow(int page) {
        long first = 0;
        for (int p = 0; p < page; p++) {
            first += pageRowCounts[p];
        }
        return first;
    }
}
