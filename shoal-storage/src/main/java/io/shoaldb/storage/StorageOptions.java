package io.shoaldb.storage;

import io.shoaldb.storage.segment.SegmentWriterOptions;

/**
 * Storage knobs.
 *
 * @param memtableBytes a rowset writer flushes a sorted segment when its buffered rows reach this
 * @param segmentTargetBytes compaction output starts a new segment past this size
 * @param segmentOptions page size, compression
 * @param batchRows rows per batch produced by merging scans
 * @param compactionTriggerRowsets a tablet with more rowsets than this is compacted
 * @param compactionMaxInputs at most this many rowsets are merged by one compaction
 * @param compactionSmallRowsetBytes rowsets below this size are "small" and merged first
 * @param compactionBytesPerSecond I/O budget of compaction (bytes read plus written); 0 = unlimited
 * @param compactionIntervalMillis how often the background scheduler looks for work
 * @param compactionThreads compactions running at once (never more than one per data partition)
 * @param inlineLoadBytes a load of at most this many (estimated) bytes writes inline rowsets, committed in
 *     the commit record with one fsync (0 = never)
 * @param inlineMemLimit inline rowsets held in memory until compaction rewrites them into files; past this
 *     total, loads write files again
 * @param pageCacheBytes verified footers and decoded pages of segment files kept for later scans (0 = none)
 */
public record StorageOptions(long memtableBytes, long segmentTargetBytes, SegmentWriterOptions segmentOptions,
                             int batchRows, int compactionTriggerRowsets, int compactionMaxInputs,
                             long compactionSmallRowsetBytes, long compactionBytesPerSecond,
                             long compactionIntervalMillis, int compactionThreads, long inlineLoadBytes,
                             long inlineMemLimit, long pageCacheBytes) {
    /**
     * Memtables of 32 MB: a big load's last memtables, one per tablet, are sorted and written after its body ends,
     * and with 64 MB that tail was 1-3 s of a 9 s load of TPC-H lineitem (0.5 s with 32 MB).
     */
    public static final StorageOptions DEFAULT = new StorageOptions(32L << 20, 256L << 20,
            SegmentWriterOptions.DEFAULT, 4096, 8, 128, 64L << 20, 64L << 20, 250, 2, 1L << 20, 64L << 20, 64L << 20);

    public StorageOptions {
        if (memtableBytes < 1 || segmentTargetBytes < 1 || batchRows < 1 || compactionTriggerRowsets < 1
                || compactionMaxInputs < 2 || compactionBytesPerSecond < 0 || compactionIntervalMillis < 1
                || compactionThreads < 1 || inlineLoadBytes < 0 || inlineMemLimit < 0 || pageCacheBytes < 0) {
            throw new IllegalArgumentException("invalid storage options " + this);
        }
    }

    public StorageOptions withMemtableBytes(long bytes) {
        return new StorageOptions(bytes, segmentTargetBytes, segmentOptions, batchRows, compactionTriggerRowsets,
                compactionMaxInputs, compactionSmallRowsetBytes, compactionBytesPerSecond, compactionIntervalMillis,
                compactionThreads, inlineLoadBytes, inlineMemLimit, pageCacheBytes);
    }

    public StorageOptions withCompaction(int triggerRowsets, int maxInputs, long bytesPerSecond) {
        return new StorageOptions(memtableBytes, segmentTargetBytes, segmentOptions, batchRows, triggerRowsets,
                maxInputs, compactionSmallRowsetBytes, bytesPerSecond, compactionIntervalMillis, compactionThreads, inlineLoadBytes, inlineMemLimit, pageCacheBytes);
    }

    public StorageOptions withCompactionInterval(long millis) {
        return new StorageOptions(memtableBytes, segmentTargetBytes, segmentOptions, batchRows, compactionTriggerRowsets,
                compactionMaxInputs, compactionSmallRowsetBytes, compactionBytesPerSecond, millis, compactionThreads, inlineLoadBytes, inlineMemLimit, pageCacheBytes);
    }

    public StorageOptions withInline(long loadBytes, long memLimit) {
        return new StorageOptions(memtableBytes, segmentTargetBytes, segmentOptions, batchRows, compactionTriggerRowsets,
                compactionMaxInputs, compactionSmallRowsetBytes, compactionBytesPerSecond, compactionIntervalMillis,
                compactionThreads, loadBytes, memLimit, pageCacheBytes);
    }

    public StorageOptions withSegmentOptions(SegmentWriterOptions options) {
        return new StorageOptions(memtableBytes, segmentTargetBytes, options, batchRows, compactionTriggerRowsets,
                compactionMaxInputs, compactionSmallRowsetBytes, compactionBytesPerSecond, compactionIntervalMillis,
                compactionThreads, inlineLoadBytes, inlineMemLimit, pageCacheBytes);
    }

    public StorageOptions withPageCache(long bytes) {
        return new StorageOptions(memtableBytes, segmentTargetBytes, segmentOptions, batchRows, compactionTriggerRowsets,
                compactionMaxInputs, compactionSmallRowsetBytes, compactionBytesPerSecond, compactionIntervalMillis,
                compactionThreads, inlineLoadBytes, inlineMemLimit, bytes);
    }
}
