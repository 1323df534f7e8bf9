package io.shoaldb.storage.segment;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.segment.encoding.BlockCompressor;
import io.shoaldb.storage.segment.encoding.ByteSource;
import io.shoaldb.storage.segment.encoding.FormatException;
import io.shoaldb.storage.segment.encoding.PageDecoder;
import io.shoaldb.vector.ColumnVector;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * An open segment file. Opening verifies header, trailer and footer checksum and that the pages tile
 * the data region exactly; every page read verifies the page checksum. Any mismatch is a CORRUPT_FILE
 * error naming the file (and column/page), never wrong rows. Page reads are positional, so one reader
 * can serve concurrent scanners.
 */
public final class SegmentReader implements AutoCloseable {
    private final Path path;
    private final SegmentInput input;
    private final Footer footer;
    private final List<SegmentColumn> schema;
    private final SegmentCache cache;
    /** The key instance this segment's pages are cached under, shared with the other readers of the segment. */
    private final SegmentCache.SegmentKey key;

    private SegmentReader(Path path, SegmentInput input, Footer footer, SegmentCache cache, SegmentCache.SegmentKey key) {
        this.path = path;
        this.input = input;
        this.footer = footer;
        this.schema = footer.columns().stream().map(ColumnMeta::column).toList();
        this.cache = cache;
        this.key = key;
    }

    public static SegmentReader open(FilesFacade files, Path path) {
        return open(files, path, SegmentCache.NONE);
    }

    /**
     * Opens the file, taking its verified footer and decoded pages from {@code cache} when they are there
     * (and adding them when not): only the trailer is read to identify the file.
     */
    public static SegmentReader open(FilesFacade files, Path path, SegmentCache cache) {
        FileChannel channel;
        try {
            channel = files.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, path, e.getMessage());
        }
        return open(path, new SegmentInput.FileInput(channel), cache);
    }

    /**
     * A segment held in memory (an inline rowset's image), verified exactly like a file; {@code path} is
     * where the segment would live, for error messages.
     */
    public static SegmentReader openImage(Path path, byte[] image) {
        return open(path, new SegmentInput.ImageInput(image), SegmentCache.NONE);
    }

    /**
     * Object {@code key} of a storage vault, read by ranges through {@code store}, verified exactly like a file;
     * its footer and pages are kept in {@code cache} under the key.
     */
    public static SegmentReader openObject(ObjectStore store, String key, SegmentCache cache) {
        return open(Path.of(key), new SegmentInput.ObjectInput(store, key), cache);
    }

    private static SegmentReader open(Path path, SegmentInput input, SegmentCache cache) {
        try {
            long size = input.size();
            if (size < SegmentFormat.HEADER_SIZE + SegmentFormat.TRAILER_SIZE) {
                throw corrupt(path, "file of " + size + " bytes is shorter than header and trailer");
            }
            ByteSource trailer = new ByteSource(input.read(size - SegmentFormat.TRAILER_SIZE, SegmentFormat.TRAILER_SIZE));
            long footerOffset = trailer.readLong();
            int footerLength = trailer.readInt();
            int footerCrc = trailer.readInt();
            if (!Arrays.equals(trailer.readBytes(8), SegmentFormat.TRAILER_MAGIC)) {
                throw corrupt(path, "bad trailer magic (truncated or not a segment)");
            }
            SegmentCache.SegmentKey key = new SegmentCache.SegmentKey(path.toString(), size, footerOffset, footerLength,
                    footerCrc);
            SegmentCache.CachedSegment cached = cache.segment(key);
            if (cached == null) {
                cached = cache.putSegment(key, readFooter(path, input, size, footerOffset, footerLength, footerCrc));
            }
            return new SegmentReader(path, input, cached.footer(), cache, cached.key());
        } catch (IOException e) {
            ShoalException failure = ErrorCode.IO_ERROR.exceptionWithCause(e, path, e.getMessage());
            closeQuietly(input, failure);
            throw failure;
        } catch (RuntimeException e) {
            closeQuietly(input, e);
            throw e;
        }
    }

    /** Reads and verifies the footer the trailer points to: header, bounds, checksum, parse, page tiling. */
    private static Footer readFooter(Path path, SegmentInput input, long size, long footerOffset, int footerLength,
                                     int footerCrc) throws IOException {
        ByteSource header = new ByteSource(input.read(0, SegmentFormat.HEADER_SIZE));
        if (!Arrays.equals(header.readBytes(8), SegmentFormat.HEADER_MAGIC)) {
            throw corrupt(path, "bad header magic");
        }
        int headerVersion = header.readInt();
        if (footerLength < 0 || footerLength > SegmentFormat.MAX_FOOTER_BYTES
                || footerOffset < SegmentFormat.HEADER_SIZE
                || footerOffset + footerLength + SegmentFormat.TRAILER_SIZE != size) {
            throw corrupt(path, "trailer points to a footer at " + footerOffset + " of " + footerLength
                    + " bytes in a file of " + size);
        }
        byte[] footerBytes = input.read(footerOffset, footerLength);
        CRC32C crc = new CRC32C();
        crc.update(footerBytes);
        if ((int) crc.getValue() != footerCrc) {
            throw corrupt(path, "footer checksum mismatch");
        }
        Footer footer;
        try {
            footer = FooterCodec.read(footerBytes);
        } catch (FormatException e) {
            throw corrupt(path, "footer: " + e.getMessage());
        }
        if (headerVersion != footer.formatVersion()) {
            throw corrupt(path, "header version " + headerVersion + " differs from footer version "
                    + footer.formatVersion());
        }
        checkPagesTile(path, footer, footerOffset);
        return footer;
    }

    /** Pages must cover [header end, footer start) exactly, without gaps or overlaps. */
    private static void checkPagesTile(Path path, Footer footer, long footerOffset) {
        List<PageMeta> all = new ArrayList<>();
        footer.columns().forEach(c -> all.addAll(c.pages()));
        all.sort(Comparator.comparingLong(PageMeta::offset));
        long expected = SegmentFormat.HEADER_SIZE;
        for (PageMeta p : all) {
            if (p.offset() != expected) {
                throw corrupt(path, "page directory has a gap or overlap at offset " + p.offset());
            }
            expected += p.storedSize();
        }
        if (expected != footerOffset) {
            throw corrupt(path, "pages end at " + expected + " but the footer starts at " + footerOffset);
        }
    }

    public Path path() {
        return path;
    }

    public List<SegmentColumn> columns() {
        return schema;
    }

    /** The position of the column with {@code uniqueId}, or -1 when this segment predates that column. */
    public int columnIndexOf(int uniqueId) {
        for (int i = 0; i < schema.size(); i++) {
            if (schema.get(i).uniqueId() == uniqueId) {
                return i;
            }
        }
        return -1;
    }

    public long rowCount() {
        return footer.rowCount();
    }

    public int pageCount() {
        return footer.pageCount();
    }

    public int pageRowCount(int page) {
        return footer.pageRowCounts()[page];
    }

    public ZoneMap columnZoneMap(int column) {
        return footer.columns().get(column).zoneMap();
    }

    public PageMeta pageMeta(int column, int page) {
        return footer.columns().get(column).pages().get(page);
    }

    /** Pages of {@code columnIndexes} as batches, skipping pages the predicate rules out. */
    public SegmentScanner scan(int[] columnIndexes, ZoneMapPredicate predicate) {
        return scan(columnIndexes, predicate, new ScanCounters());
    }

    /** Like {@link #scan(int[], ZoneMapPredicate)}, adding what was read and skipped to {@code counters}. */
    public SegmentScanner scan(int[] columnIndexes, ZoneMapPredicate predicate, ScanCounters counters) {
        return scan(columnIndexes, predicate, counters, 0, pageCount());
    }

    /**
     * Like {@link #scan(int[], ZoneMapPredicate, ScanCounters)} over pages {@code fromPage} (inclusive) to
     * {@code toPage} (exclusive) only: one work unit of a scan that cut the segment into page ranges.
     */
    public SegmentScanner scan(int[] columnIndexes, ZoneMapPredicate predicate, ScanCounters counters, int fromPage,
                               int toPage) {
        if (fromPage < 0 || toPage < fromPage || toPage > pageCount()) {
            throw new IllegalArgumentException("pages " + fromPage + ".." + toPage + " not in a segment of "
                    + pageCount());
        }
        for (int c : columnIndexes) {
            if (c < 0 || c >= schema.size()) {
                throw new IllegalArgumentException("column " + c + " not in a segment of " + schema.size());
            }
        }
        return new SegmentScanner(this, columnIndexes.clone(), ZoneMapPruner.compile(predicate, schema), counters,
                fromPage, toPage);
    }

    /** Reads, verifies and decodes one page of one column, or takes it decoded from the cache. */
    public ColumnVector readPage(int column, int page) {
        ColumnVector cached = cache.page(key, column, page);
        if (cached != null) {
            return cached;
        }
        ColumnVector decoded = decodePage(column, page);
        cache.putPage(key, column, page, decoded);
        return decoded;
    }

    private ColumnVector decodePage(int column, int page) {
        PageMeta meta = pageMeta(column, page);
        SegmentColumn col = schema.get(column);
        String where = "column " + column + " (unique id " + col.uniqueId() + ") page " + page;
        PageBuffers buffers = PageBuffers.ofThread();
        int storedSize = meta.storedSize();
        byte[] stored = buffers.stored(storedSize);
        try {
            input.readInto(meta.offset(), stored, storedSize);
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, path, where + ": " + e.getMessage());
        }
        CRC32C crc = new CRC32C();
        crc.update(stored, 0, storedSize);
        if ((int) crc.getValue() != meta.crc32c()) {
            throw corrupt(path, where + ": checksum mismatch");
        }
        try {
            int length = meta.uncompressedSize();
            byte[] body = BlockCompressor.decompress(meta.compression(), stored, storedSize, length,
                    buffers.body(length));
            return PageDecoder.decode(col.type(), meta.encoding(), body, length, pageRowCount(page));
        } catch (FormatException e) {
            throw corrupt(path, where + ": " + e.getMessage());
        }
    }

    private static ShoalException corrupt(Path path, String detail) {
        return ErrorCode.CORRUPT_FILE.exception(path, detail);
    }

    private static void closeQuietly(SegmentInput input, RuntimeException primary) {
        try {
            input.close();
        } catch (IOException e) {
            primary.addSuppressed(e);
        }
    }

    @Override
    public void close() {
        try {
            input.close();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, path, e.getMessage());
        }
    }
}
