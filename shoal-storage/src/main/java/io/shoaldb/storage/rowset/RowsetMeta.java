package io.shoaldb.storage.rowset;

import java.util.List;

/**
 * What is durable about a rowset: its segments and the versions it covers. A load's rowset covers one
 * version ({@code startVersion == endVersion}); a compaction's output covers the range of its inputs.
 *
 * <p>A small load's rowset may be <em>inline</em>: its segments are not files but images carried in the
 * commit record itself (and in the commit log's image until compaction rewrites them into files), so that
 * committing it costs one log fsync instead of a file, its fsync and a directory fsync per tablet.
 *
 * @param rowsetId unique across the node, never reused
 * @param tabletId the tablet it belongs to
 * @param startVersion first table version it holds
 * @param endVersion last table version it holds
 * @param txnId the transaction that wrote it (0 for compaction output)
 * @param segmentFiles segment names, relative to the tablet's directory, in key order (an inline rowset's
 *     names are never created as files; they name its segments in errors); for a table in a storage vault, the
 *     segments' object keys relative to the vault's root ({@link SegmentFiles#objectKey})
 * @param rowCount rows in all segments
 * @param dataBytes bytes of all segments (of an inline rowset, of its pages)
 * @param inlineSegments for an inline rowset, each segment's image or run of pages of an image several rowsets share
 *     (same order as the names); else empty
 */
public record RowsetMeta(long rowsetId, long tabletId, long startVersion, long endVersion, long txnId,
        List<String> segmentFiles, long rowCount, long dataBytes, List<InlineSegment> inlineSegments) {
    public RowsetMeta {
        segmentFiles = List.copyOf(segmentFiles);
        inlineSegments = List.copyOf(inlineSegments);
        if (endVersion < startVersion) {
            throw new IllegalArgumentException("rowset " + rowsetId + " ends before it starts");
        }
        if (!inlineSegments.isEmpty() && inlineSegments.size() != segmentFiles.size()) {
            throw new IllegalArgumentException("rowset " + rowsetId + " names " + segmentFiles.size()
                    + " segments but carries " + inlineSegments.size() + " images");
        }
    }

    /** A rowset whose segments are files. */
    public RowsetMeta(long rowsetId, long tabletId, long startVersion, long endVersion, long txnId,
            List<String> segmentFiles, long rowCount, long dataBytes) {
        this(rowsetId, tabletId, startVersion, endVersion, txnId, segmentFiles, rowCount, dataBytes, List.of());
    }

    /** Whether the segments live in this record rather than in files. */
    public boolean inline() {
        return !inlineSegments.isEmpty();
    }

    /** Whether the segments are objects of the table's storage vault (their names are object keys). */
    public boolean inVault() {
        return !inline() && !segmentFiles.isEmpty() && SegmentFiles.isObjectKey(segmentFiles.getFirst());
    }

    /** The same segments, stamped with the version its transaction was given at commit. */
    public RowsetMeta atVersion(long version) {
        return new RowsetMeta(rowsetId, tabletId, version, version, txnId, segmentFiles, rowCount, dataBytes,
                inlineSegments);
    }
}
