package io.shoaldb.storage.segment;

import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.storage.segment.encoding.Encoding;

/**
 * Writer knobs. A page is cut when any column's buffered values reach {@code targetPageBytes}
 * (uncompressed) or the page reaches {@code maxPageRows}. {@code forcedEncoding} (null = choose per page)
 * is for tests, experiments and spill runs (BIT_PACKED integers); a forced encoding the column type does not
 * support is ignored (the usual choice is made).
 */
public record SegmentWriterOptions(int targetPageBytes, int maxPageRows, Compression compression, int zstdLevel,
                                   Encoding forcedEncoding) {
    /**
     * Pages of 8,192 rows unless a column's values average more than 128 bytes. Pages are cut for all columns at
     * once, so the byte bound set by the widest column is every column's page size: at 64 KB a column, TPC-H's
     * comment columns cut every page of their tables short (SF10: lineitem's at about 2,300 rows, orders' at 1,280,
     * partsupp's at 580, ps_comment averaging 124 bytes), and every scan paid its per-page costs (reading,
     * checksum, decoding, one batch through the operators) 4 to 14 times as often as at 8,192 rows. The byte bound
     * remains for really wide values (a page of 8,192 JSON documents); fixed-width values (at most 16 bytes) never
     * reach it. A writer buffers one page: 8,192 rows of its table at most.
     */
    public static final SegmentWriterOptions DEFAULT =
            new SegmentWriterOptions(1 << 20, 8192, Compression.LZ4, 3, null);

    public SegmentWriterOptions {
        if (targetPageBytes < 1 || maxPageRows < 1) {
            throw new IllegalArgumentException("page bounds must be positive");
        }
    }

    public SegmentWriterOptions withCompression(Compression c) {
        return new SegmentWriterOptions(targetPageBytes, maxPageRows, c, zstdLevel, forcedEncoding);
    }

    public SegmentWriterOptions withMaxPageRows(int rows) {
        return new SegmentWriterOptions(targetPageBytes, rows, compression, zstdLevel, forcedEncoding);
    }

    public SegmentWriterOptions withTargetPageBytes(int bytes) {
        return new SegmentWriterOptions(bytes, maxPageRows, compression, zstdLevel, forcedEncoding);
    }

    public SegmentWriterOptions withForcedEncoding(Encoding e) {
        return new SegmentWriterOptions(targetPageBytes, maxPageRows, compression, zstdLevel, e);
    }
}
