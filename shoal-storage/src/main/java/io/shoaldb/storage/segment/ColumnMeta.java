package io.shoaldb.storage.segment;

import java.util.List;

/** One column of a segment: its schema entry, whole-column zone map and page directory. */
public record ColumnMeta(SegmentColumn column, ZoneMap zoneMap, List<PageMeta> pages) {
    public ColumnMeta {
        pages = List.copyOf(pages);
    }
}
