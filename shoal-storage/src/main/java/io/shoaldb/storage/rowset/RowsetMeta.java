package io.shoaldb.storage.rowset;

import java.util.List;

/**
 * What is durable about a rowset: its files and the versions it covers. A load's rowset covers one
 * version ({@code startVersion == endVersion}); a compaction's output covers the range of its inputs.
 *
 * @param rowsetId unique across the node, never reused
 * @param tabletId the tablet it belongs to
 * @param startVersion first table version it holds
 * @param endVersion last table version it holds
 * @param txnId the transaction that wrote it (0 for compaction output)
 * @param segmentFiles segment file names, relative to the tablet's directory, in key order
 * @param rowCount rows in all segments
 * @param dataBytes bytes of all segment files
 */
public record RowsetMeta(long rowsetId, long tabletId, long startVersion, long endVersion, long txnId,
        List<String> segmentFiles, long rowCount, long dataBytes) {
    public RowsetMeta {
        segmentFiles = List.copyOf(segmentFiles);
        if (endVersion < startVersion) {
            throw new IllegalArgumentException("rowset " + rowsetId + " ends before it starts");
        }
    }

    /** The same files, stamped with the version its transaction was given at commit. */
    public RowsetMeta atVersion(long version) {
        return new RowsetMeta(rowsetId, tabletId, version, version, txnId, segmentFiles, rowCount, dataBytes);
    }
}
