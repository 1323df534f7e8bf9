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
    public static final SegmentWriterOptions DEFAULT =
            new SegmentWriterOptions(64 << 10, 8192, Compression.LZ4, 3, null);

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

    public SegmentWriterOptions withForcedEncoding(Encoding e) {
        return new SegmentWriterOptions(targetPageBytes, maxPageRows, compression, zstdLevel, e);
    }
}
