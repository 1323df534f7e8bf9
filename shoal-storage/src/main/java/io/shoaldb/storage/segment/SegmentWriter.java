package io.shoaldb.storage.segment;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.objectstore.ObjectStore;
import io.shoaldb.storage.segment.encoding.BlockCompressor;
import io.shoaldb.storage.segment.encoding.ByteSink;
import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.storage.segment.encoding.PageEncoder;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Writes one segment file from batches that are already in key order (the writer does not sort; see
 * {@link io.shoaldb.vector.BatchSorter}). Pages are buffered per column, cut together, encoded,
 * compressed, checksummed and appended; {@link #finish()} writes footer and trailer and fsyncs file and
 * directory before returning (or, {@link #inMemory}, keeps the image). Closing an unfinished writer deletes
 * the partial file.
 */
public final class SegmentWriter implements AutoCloseable {
    /** Rows appended between page-size checks, so one wide batch cannot make a huge page. */
    private static final int APPEND_CHUNK = 256;
    /** Compression is kept only if it saves at least 1/8 of the page; otherwise the page is stored raw. */
    private static final int MIN_SAVING_DIVISOR = 8;

    private final Path path;
    private final List<SegmentColumn> columns;
    private final SegmentWriterOptions options;
    private final SegmentOutput output;
    private final ByteSink encodedPage = new ByteSink(256); // grows to the largest page and stays
    private byte[] compressedPage = new byte[0];
    private final VectorBuilder[] buffers;
    private final List<List<PageMeta>> pages = new ArrayList<>();
    private final List<Integer> pageRows = new ArrayList<>();
    private long position;
    private long rowCount;
    private boolean finished;
    private boolean closed;

    private SegmentWriter(Path path, List<SegmentColumn> columns, SegmentWriterOptions options,
                          SegmentOutput output) {
        this.path = path;
        this.columns = List.copyOf(columns);
        this.options = options;
        this.output = output;
        this.buffers = new VectorBuilder[columns.size()];
        // An in-memory segment is a small load's (often a row or two): full-page buffers would dominate it.
        int initialPageRows = output instanceof SegmentOutput.ImageOutput ? 16 : Math.min(options.maxPageRows(), 4096);
        for (int c = 0; c < buffers.length; c++) {
            buffers[c] = VectorBuilder.create(columns.get(c).type(), initialPageRows);
            pages.add(new ArrayList<>());
        }
    }

    /** Creates {@code path} (which must not exist) and writes the header. */
    public static SegmentWriter create(FilesFacade files, Path path, List<SegmentColumn> columns,
                                       SegmentWriterOptions options) {
        checkColumns(columns);
        FileChannel channel = createFile(files, path);
        return start(new SegmentWriter(path, columns, options,
                new SegmentOutput.FileOutput(files, path, channel, true)));
    }

    /**
     * Like {@link #create}, but {@link #finish()} does not make the file durable: for files that matter only to the
     * running process (spill runs), still checksummed page by page.
     */
    public static SegmentWriter createTemporary(FilesFacade files, Path path, List<SegmentColumn> columns,
                                                SegmentWriterOptions options) {
        checkColumns(columns);
        FileChannel channel = createFile(files, path);
        return start(new SegmentWriter(path, columns, options,
                new SegmentOutput.FileOutput(files, path, channel, false)));
    }

    /**
     * A segment of a storage vault: built in the staging file {@code path} and uploaded as object {@code key} of
     * {@code store} by {@link #finish()}, which deletes the staging file (see {@link SegmentOutput.ObjectOutput}).
     */
    public static SegmentWriter createObject(FilesFacade files, Path path, ObjectStore store, String key,
                                             List<SegmentColumn> columns, SegmentWriterOptions options) {
        checkColumns(columns);
        FileChannel channel = createFile(files, path);
        return start(new SegmentWriter(path, columns, options, new SegmentOutput.ObjectOutput(
                new SegmentOutput.FileOutput(files, path, channel, false), store, key)));
    }

    private static FileChannel createFile(FilesFacade files, Path path) {
        try {
            return files.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw IoFailures.of(e, path);
        }
    }

    /**
     * A segment built in memory, byte for byte what {@link #create} would write; {@link #image()} gives it
     * after {@link #finish()}. {@code path} names it in errors.
     */
    public static SegmentWriter inMemory(Path path, List<SegmentColumn> columns, SegmentWriterOptions options) {
        checkColumns(columns);
        return start(new SegmentWriter(path, columns, options, new SegmentOutput.ImageOutput()));
    }

    private static void checkColumns(List<SegmentColumn> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a segment needs at least one column");
        }
    }

    private static SegmentWriter start(SegmentWriter writer) {
        ByteSink header = new ByteSink(SegmentFormat.HEADER_SIZE);
        header.writeBytes(SegmentFormat.HEADER_MAGIC, 0, SegmentFormat.HEADER_MAGIC.length);
        header.writeInt(SegmentFormat.VERSION);
        writer.write(header.toByteArray());
        return writer;
    }

    public Path path() {
        return path;
    }

    /** Bytes written so far; after {@link #finish()} the size of the file. */
    public long fileSize() {
        return position;
    }

    /** The finished segment of an {@link #inMemory} writer. */
    public byte[] image() {
        if (!finished || !(output instanceof SegmentOutput.ImageOutput memory)) {
            throw new IllegalStateException("segment " + path + " is not a finished in-memory segment");
        }
        return memory.image();
    }

    /** Rows written as pages so far: after {@link #cutPage()}, every row appended. */
    public long rowCount() {
        return rowCount;
    }

    /** Pages written so far (every column has this many): after {@link #cutPage()}, the pages of all rows appended. */
    public int pageCount() {
        return pageRows.size();
    }

    /**
     * Pages {@code fromPage} (inclusive) to {@code toPage} (exclusive; {@link SegmentImage#LAST_PAGE}: to the end) of
     * {@code image} as a segment image of their own: the pages copied as they are (neither decoded nor encoded again)
     * under a new footer. For one inline rowset's run of pages in an image several rowsets share, when it is written
     * on its own (a commit-log checkpoint). {@code path} names the image in errors.
     */
    public static byte[] copyOfPages(Path path, SegmentImage image, int fromPage, int toPage) {
        if (fromPage == 0 && toPage == SegmentImage.LAST_PAGE) {
            return image.bytes();
        }
        Footer footer = image.footer(path);
        int end = toPage == SegmentImage.LAST_PAGE ? footer.pageCount() : toPage;
        if (fromPage < 0 || end < fromPage || end > footer.pageCount()) {
            throw new IllegalArgumentException("pages " + fromPage + ".." + end + " of an image of "
                    + footer.pageCount());
        }
        List<SegmentColumn> columns = new ArrayList<>();
        footer.columns().forEach(c -> columns.add(c.column()));
        SegmentWriter copy = inMemory(path, columns, SegmentWriterOptions.DEFAULT);
        for (int p = fromPage; p < end; p++) {
            for (int c = 0; c < columns.size(); c++) {
                PageMeta m = footer.columns().get(c).pages().get(p);
                long offset = copy.position;
                copy.write(Arrays.copyOfRange(image.bytes(), Math.toIntExact(m.offset()),
                        Math.toIntExact(m.offset() + m.storedSize())));
                copy.pages.get(c).add(new PageMeta(offset, m.storedSize(), m.uncompressedSize(), m.encoding(),
                        m.compression(), m.crc32c(), m.zoneMap()));
            }
            copy.pageRows.add(footer.pageRowCounts()[p]);
            copy.rowCount += footer.pageRowCounts()[p];
        }
        copy.finish();
        return copy.image();
    }

    /** Bytes of the rows appended but not yet written as a page (uncompressed values). */
    public long bufferedBytes() {
        long bytes = 0;
        for (VectorBuilder b : buffers) {
            bytes += b.dataBytes();
        }
        return bytes;
    }

    /** Writes the rows appended so far as a page now, before the page is full (frees {@link #bufferedBytes()}). */
    public void cutPage() {
        checkOpen();
        flushPage();
    }

    /** Appends the selected rows of {@code batch}, whose columns must match the segment's types in order. */
    public void append(Batch batch) {
        checkOpen();
        if (batch.columnCount() != columns.size()) {
            throw new IllegalArgumentException("batch has " + batch.columnCount() + " columns, segment " + columns.size());
        }
        for (int c = 0; c < columns.size(); c++) {
            if (!batch.column(c).type().equals(columns.get(c).type())) {
                throw new IllegalArgumentException("column " + c + " is " + batch.column(c).type()
                        + ", segment expects " + columns.get(c).type());
            }
        }
        Batch flat = batch.compact();
        int rows = flat.rowCount();
        for (int from = 0; from < rows; ) {
            int take = Math.min(Math.min(rows - from, APPEND_CHUNK), options.maxPageRows() - buffers[0].size());
            for (int c = 0; c < buffers.length; c++) {
                buffers[c].appendRange((FlatVector) flat.column(c), from, take);
            }
            from += take;
            if (pageIsFull()) {
                flushPage();
            }
        }
    }

    private boolean pageIsFull() {
        if (buffers.length == 0 || buffers[0].size() >= options.maxPageRows()) {
            return buffers.length > 0;
        }
        for (VectorBuilder b : buffers) {
            if (b.dataBytes() >= options.targetPageBytes()) {
                return true;
            }
        }
        return false;
    }

    private void flushPage() {
        int rows = buffers.length == 0 ? 0 : buffers[0].size();
        if (rows == 0) {
            return;
        }
        for (int c = 0; c < buffers.length; c++) {
            // encoded and summed up at once, the page's values are copied out: its arrays serve the next page
            pages.get(c).add(writePage(buffers[c].view()));
            buffers[c].reset();
        }
        pageRows.add(rows);
        rowCount += rows;
    }

    /**
     * Encodes, compresses and writes one page through the writer's two scratch arrays, which serve every page: a
     * big load's pages are hundreds of megabytes, and a fresh array for each step was as much garbage again.
     */
    private PageMeta writePage(FlatVector page) {
        PageEncoder.EncodedPage encoded = PageEncoder.encode(page, options.forcedEncoding(), encodedPage);
        Compression compression = options.compression();
        byte[] stored = encoded.body();
        int storedLength = encoded.length();
        if (compression != Compression.NONE) {
            int bound = BlockCompressor.maxCompressedLength(compression, encoded.length());
            if (compressedPage.length < bound) {
                compressedPage = new byte[bound];
            }
            int n = BlockCompressor.compress(compression, encoded.body(), encoded.length(), options.zstdLevel(),
                    compressedPage);
            if (n > encoded.length() - encoded.length() / MIN_SAVING_DIVISOR) {
                compression = Compression.NONE;
            } else {
                stored = compressedPage;
                storedLength = n;
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(stored, 0, storedLength);
        long offset = position;
        write(stored, storedLength);
        return new PageMeta(offset, storedLength, encoded.length(), encoded.encoding(), compression,
                (int) crc.getValue(), ZoneKeys.of(page));
    }

    /** Writes the last page, footer and trailer, and makes the file durable. Returns the row count. */
    public long finish() {
        checkOpen();
        flushPage();
        List<ColumnMeta> metas = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            ZoneMap zone = ZoneMap.allNull(0);
            for (PageMeta p : pages.get(c)) {
                zone = zone.merge(p.zoneMap());
            }
            metas.add(new ColumnMeta(columns.get(c), zone, pages.get(c)));
        }
        int[] rows = new int[pageRows.size()];
        for (int p = 0; p < rows.length; p++) {
            rows[p] = pageRows.get(p);
        }
        byte[] footer = FooterCodec.write(new Footer(SegmentFormat.VERSION, rowCount, rows, metas));
        CRC32C crc = new CRC32C();
        crc.update(footer);
        long footerOffset = position;
        write(footer);
        ByteSink trailer = new ByteSink(SegmentFormat.TRAILER_SIZE);
        trailer.writeLong(footerOffset);
        trailer.writeInt(footer.length);
        trailer.writeInt((int) crc.getValue());
        trailer.writeBytes(SegmentFormat.TRAILER_MAGIC, 0, SegmentFormat.TRAILER_MAGIC.length);
        write(trailer.toByteArray());
        try {
            output.finish();
        } catch (IOException e) {
            throw IoFailures.of(e, path);
        }
        finished = true;
        closed = true;
        return rowCount;
    }

    private void write(byte[] bytes) {
        write(bytes, bytes.length);
    }

    private void write(byte[] bytes, int length) {
        try {
            output.write(bytes, length);
        } catch (IOException e) {
            throw IoFailures.of(e, path);
        }
        position += length;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("segment writer for " + path + " is closed");
        }
    }

    /** Abandons an unfinished segment and deletes its partial file; a no-op after {@link #finish()}. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            output.abandon();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, path, e.getMessage());
        }
    }
}
