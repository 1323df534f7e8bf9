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
import java.util.Objects;
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
    /**
     * The key instance this segment's pages are cached under, shared with the other readers of the segment; null
     * for an image, whose pages are in memory already.
     */
    private final SegmentCache.SegmentKey key;
    /** The pages this reader shows, {@code [firstPage, firstPage + pageCount)} of the segment's: all but in a window. */
    private final int firstPage;
    private final int pageCount;
    private final long rowCount;
    /** Per column, the zone map of the window's pages; null when the reader shows every page (the footer's). */
    private final ZoneMap[] windowZoneMaps;

    private SegmentReader(Path path, SegmentInput input, Footer footer, SegmentCache cache, SegmentCache.SegmentKey key) {
        this(path, input, footer, cache, key, 0, footer.pageCount());
    }

    private SegmentReader(Path path, SegmentInput input, Footer footer, SegmentCache cache, SegmentCache.SegmentKey key,
                          int firstPage, int endPage) {
        this.path = path;
        this.input = input;
        this.footer = footer;
        List<SegmentColumn> columns = new ArrayList<>(footer.columns().size());
        for (ColumnMeta c : footer.columns()) {
            columns.add(c.column());
        }
        this.schema = List.copyOf(columns);
        this.cache = cache;
        this.key = key;
        this.firstPage = firstPage;
        this.pageCount = endPage - firstPage;
        if (pageCount == footer.pageCount()) {
            this.rowCount = footer.rowCount();
            this.windowZoneMaps = null;
        } else {
            long rows = 0;
            for (int p = firstPage; p < endPage; p++) {
                rows += footer.pageRowCounts()[p];
            }
            this.rowCount = rows;
            this.windowZoneMaps = windowZoneMaps(footer, firstPage, endPage);
        }
    }

    private static ZoneMap[] windowZoneMaps(Footer footer, int firstPage, int endPage) {
        ZoneMap[] zones = new ZoneMap[footer.columns().size()];
        for (int c = 0; c < zones.length; c++) {
            ZoneMap zone = ZoneMap.allNull(0);
            List<PageMeta> pages = footer.columns().get(c).pages();
            for (int p = firstPage; p < endPage; p++) {
                zone = zone.merge(pages.get(p).zoneMap());
            }
            zones[c] = zone;
        }
        return zones;
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
     * Pages {@code fromPage} (inclusive) to {@code toPage} (exclusive; {@link SegmentImage#LAST_PAGE}: to the end)
     * of a segment held in memory, shown as a segment of just those pages: one inline rowset's run of pages in an
     * image that several share. The image's footer is verified once, by its first reader; every page read verifies
     * the page's checksum. {@code path} names the rowset's segment in errors.
     */
    public static SegmentReader openImage(Path path, SegmentImage image, int fromPage, int toPage) {
        Footer footer = image.footer(path);
        int end = toPage == SegmentImage.LAST_PAGE ? footer.pageCount() : toPage;
        if (fromPage < 0 || end < fromPage || end > footer.pageCount()) {
            throw corrupt(path, "pages " + fromPage + ".." + end + " are not in an image of " + footer.pageCount());
        }
        return new SegmentReader(path, new SegmentInput.ImageInput(image.bytes()), footer, SegmentCache.NONE, null,
                fromPage, end);
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
            Trailer trailer = readTrailer(path, input, size);
            SegmentCache.SegmentKey key = new SegmentCache.SegmentKey(path.toString(), size, trailer.footerOffset(),
                    trailer.footerLength(), trailer.footerCrc());
            SegmentCache.CachedSegment cached = cache.segment(key);
            if (cached == null) {
                cached = cache.putSegment(key, readFooter(path, input, size, trailer));
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

    /** Where the trailer says the footer is, and its checksum. */
    private record Trailer(long footerOffset, int footerLength, int footerCrc) {
    }

    private static Trailer readTrailer(Path path, SegmentInput input, long size) throws IOException {
        if (size < SegmentFormat.HEADER_SIZE + SegmentFormat.TRAILER_SIZE) {
            throw corrupt(path, "file of " + size + " bytes is shorter than header and trailer");
        }
        ByteSource trailer = new ByteSource(input.read(size - SegmentFormat.TRAILER_SIZE, SegmentFormat.TRAILER_SIZE));
        Trailer t = new Trailer(trailer.readLong(), trailer.readInt(), trailer.readInt());
        if (!Arrays.equals(trailer.readBytes(8), SegmentFormat.TRAILER_MAGIC)) {
            throw corrupt(path, "bad trailer magic (truncated or not a segment)");
        }
        return t;
    }

    /** The verified footer of a segment held in memory (see {@link SegmentImage}). */
    static Footer verifiedFooter(Path path, byte[] image) {
        SegmentInput input = new SegmentInput.ImageInput(image);
        try {
            return readFooter(path, input, image.length, readTrailer(path, input, image.length));
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, path, e.getMessage());
        }
    }

    /** Reads and verifies the footer the trailer points to: header, bounds, checksum, parse, page tiling. */
    private static Footer readFooter(Path path, SegmentInput input, long size, Trailer trailer) throws IOException {
        long footerOffset = trailer.footerOffset();
        int footerLength = trailer.footerLength();
        int footerCrc = trailer.footerCrc();
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
        return rowCount;
    }

    public int pageCount() {
        return pageCount;
    }

    public int pageRowCount(int page) {
        return footer.pageRowCounts()[firstPage + Objects.checkIndex(page, pageCount)];
    }

    public ZoneMap columnZoneMap(int column) {
        return windowZoneMaps == null ? footer.columns().get(column).zoneMap() : windowZoneMaps[column];
    }

    public PageMeta pageMeta(int column, int page) {
        return footer.columns().get(column).pages().get(firstPage + Objects.checkIndex(page, pageCount));
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
        // Cached under this reader's page number: only readers of a whole segment have a key (an image's pages are
        // in memory already, and a window's numbers are not the segment's).
        if (key == null) {
            return decodePage(column, page);
        }
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
        String where = "column " + column + " (unique id " + col.uniqueId() + ") page " + (firstPage + page);
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
