package io.shoaldb.txn.log;

import io.shoaldb.storage.rowset.InlineSegment;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentImage;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Commit records in a fixed binary layout: every commit encodes one on the commit path (a group commit's inline
 * segments ride in it), and Smile's per-field names, type ids and serializer dispatch took about three times as
 * long to encode and decode one (docs/benchmarks.md, round 14). The first byte tells it from a Smile entry (whose
 * header starts with {@code ':'}); the frame around it carries its length and CRC. Big-endian:
 *
 * <pre>
 * u8 0x02 (format version 2) | i64 sequence
 * txn:     i64 txn id | i64 database id | str label | i64 prepare millis | i64 commit millis | i32 n | n x i64 table id
 * i32 images, each: i32 length | bytes (every inline segment image the rowsets name, once)
 * i32 tables, each: i64 table id | i64 version | i32 rowsets, each: i64 tablet id (the key) | rowset
 * rowset:  i64 rowset id | i64 tablet id | i64 start version | i64 end version | i64 txn id
 *          | i32 n | n x str segment name | i64 rows | i64 data bytes
 *          | i32 m (0 or n) | m x (i32 image index | i32 first page | i32 end page, -1 for the image's last)
 * str:     i32 length | UTF-8 bytes
 * </pre>
 *
 * One load's inline rowsets share one image (a run of its pages each), written once. Version 1 records, from before
 * images were shared, still read: no image table, and each rowset's m inline segments as m x (i32 length | bytes),
 * whole images.
 */
final class CommitCodec {
    static final byte VERSION_1 = 1;
    static final byte VERSION_2 = 2;

    private CommitCodec() {
    }

    static boolean isBinary(byte[] payload) {
        return payload.length > 0 && (payload[0] == VERSION_1 || payload[0] == VERSION_2);
    }

    static byte[] encode(long sequence, TxnRecord.Commit commit) {
        Sizer size = new Sizer();
        size.txn(commit.txn());
        size.bytes += 2 * Integer.BYTES;
        for (TxnRecord.TableCommit t : commit.tables()) {
            size.bytes += 2 * Long.BYTES + Integer.BYTES;
            t.rowsets().forEach((tablet, r) -> size.rowset(r));
        }
        ByteBuffer out = ByteBuffer.allocate(1 + Long.BYTES + size.bytes);
        out.put(VERSION_2).putLong(sequence);
        CommittedTxn txn = commit.txn();
        out.putLong(txn.txnId()).putLong(txn.databaseId());
        putString(out, txn.label());
        out.putLong(txn.prepareTimeMillis()).putLong(txn.commitTimeMillis()).putInt(txn.tableIds().size());
        txn.tableIds().forEach(out::putLong);
        out.putInt(size.imageTable.size());
        size.imageTable.forEach(image -> out.putInt(image.size()).put(image.bytes()));
        out.putInt(commit.tables().size());
        for (TxnRecord.TableCommit t : commit.tables()) {
            out.putLong(t.tableId()).putLong(t.version()).putInt(t.rowsets().size());
            t.rowsets().forEach((tablet, r) -> {
                out.putLong(tablet);
                putRowset(out, r, size.images);
            });
        }
        return out.array();
    }

    static TxnEntry decode(byte[] payload) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(payload);
        try {
            byte format = in.get();
            if (format != VERSION_1 && format != VERSION_2) {
                throw new IOException("not a binary commit record");
            }
            long sequence = in.getLong();
            CommittedTxn txn = new CommittedTxn(in.getLong(), in.getLong(), getString(in), in.getLong(), in.getLong(),
                    longSet(in));
            List<SegmentImage> images = format == VERSION_1 ? null : images(in);
            int tables = count(in, 2 * Long.BYTES + Integer.BYTES);
            List<TxnRecord.TableCommit> parts = new ArrayList<>(tables);
            for (int i = 0; i < tables; i++) {
                long tableId = in.getLong();
                long version = in.getLong();
                int rowsets = count(in, Long.BYTES);
                Map<Long, RowsetMeta> byTablet = new LinkedHashMap<>();
                for (int j = 0; j < rowsets; j++) {
                    byTablet.put(in.getLong(), getRowset(in, images));
                }
                parts.add(new TxnRecord.TableCommit(tableId, version, byTablet));
            }
            if (in.hasRemaining()) {
                throw new IOException(in.remaining() + " bytes after the commit record");
            }
            return new TxnEntry(sequence, new TxnRecord.Commit(txn, parts));
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            throw new IOException("truncated or malformed commit record: " + e, e);
        }
    }

    private static void putRowset(ByteBuffer out, RowsetMeta r, Map<SegmentImage, Integer> images) {
        out.putLong(r.rowsetId()).putLong(r.tabletId()).putLong(r.startVersion()).putLong(r.endVersion())
                .putLong(r.txnId()).putInt(r.segmentFiles().size());
        r.segmentFiles().forEach(name -> putString(out, name));
        out.putLong(r.rowCount()).putLong(r.dataBytes()).putInt(r.inlineSegments().size());
        for (InlineSegment segment : r.inlineSegments()) {
            out.putInt(images.get(segment.image())).putInt(segment.fromPage()).putInt(segment.toPage());
        }
    }

    private static List<SegmentImage> images(ByteBuffer in) throws IOException {
        int n = count(in, Integer.BYTES);
        List<SegmentImage> images = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] image = new byte[count(in, 1)];
            in.get(image);
            images.add(new SegmentImage(image));
        }
        return images;
    }

    /** A rowset; {@code images} is the record's image table (null in a version 1 record, whose images are inline). */
    private static RowsetMeta getRowset(ByteBuffer in, List<SegmentImage> images) throws IOException {
        long rowsetId = in.getLong();
        long tabletId = in.getLong();
        long start = in.getLong();
        long end = in.getLong();
        long txnId = in.getLong();
        int files = count(in, Integer.BYTES);
        List<String> names = new ArrayList<>(files);
        for (int i = 0; i < files; i++) {
            names.add(getString(in));
        }
        long rows = in.getLong();
        long dataBytes = in.getLong();
        int segments = count(in, Integer.BYTES);
        List<InlineSegment> inline = new ArrayList<>(segments);
        for (int i = 0; i < segments; i++) {
            if (images == null) {
                byte[] image = new byte[count(in, 1)];
                in.get(image);
                inline.add(InlineSegment.whole(image));
                continue;
            }
            int index = in.getInt();
            if (index < 0 || index >= images.size()) {
                throw new IOException("image " + index + " of a record with " + images.size());
            }
            inline.add(new InlineSegment(images.get(index), in.getInt(), in.getInt()));
        }
        return new RowsetMeta(rowsetId, tabletId, start, end, txnId, names, rows, dataBytes, inline);
    }

    private static Set<Long> longSet(ByteBuffer in) throws IOException {
        int n = count(in, Long.BYTES);
        Set<Long> out = new HashSet<>(n * 2);
        for (int i = 0; i < n; i++) {
            out.add(in.getLong());
        }
        return out;
    }

    /** A count read from the record, checked against what is left (a damaged count must not allocate GBs). */
    private static int count(ByteBuffer in, int minBytesEach) throws IOException {
        int n = in.getInt();
        if (n < 0 || (long) n * minBytesEach > in.remaining()) {
            throw new IOException("count " + n + " does not fit the " + in.remaining() + " bytes left");
        }
        return n;
    }

    private static void putString(ByteBuffer out, String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.putInt(utf8.length).put(utf8);
    }

    private static String getString(ByteBuffer in) throws IOException {
        byte[] utf8 = new byte[count(in, 1)];
        in.get(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /** The encoded size, computed first so the record is written into one array of exactly that size. */
    private static final class Sizer {
        int bytes;
        /** Each distinct image the rowsets name, with its index in the record's image table. */
        final Map<SegmentImage, Integer> images = new IdentityHashMap<>();
        /** The same images in index order (an identity map's iteration order is not). */
        final List<SegmentImage> imageTable = new ArrayList<>();

        void txn(CommittedTxn txn) {
            bytes += 4 * Long.BYTES + string(txn.label()) + Integer.BYTES + txn.tableIds().size() * Long.BYTES;
        }

        void rowset(RowsetMeta r) {
            bytes += Long.BYTES + 5 * Long.BYTES + Integer.BYTES + 2 * Long.BYTES + Integer.BYTES;
            r.segmentFiles().forEach(name -> bytes += string(name));
            for (InlineSegment segment : r.inlineSegments()) {
                bytes += 3 * Integer.BYTES;
                if (images.putIfAbsent(segment.image(), images.size()) == null) {
                    imageTable.add(segment.image());
                    bytes += Integer.BYTES + segment.image().size();
                }
            }
        }

        private static int string(String s) {
            return Integer.BYTES + s.getBytes(StandardCharsets.UTF_8).length;
        }
    }
}
