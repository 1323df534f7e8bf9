package io.shoaldb.storage.segment;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.storage.segment.encoding.ByteSink;
import io.shoaldb.storage.segment.encoding.ByteSource;
import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.storage.segment.encoding.Encoding;
import io.shoaldb.storage.segment.encoding.FormatException;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/** Serialises the {@link Footer}; the byte layout is specified in docs/storage-format.md. */
final class FooterCodec {
    private FooterCodec() {
    }

    static byte[] write(Footer footer) {
        ByteSink out = new ByteSink(1024);
        out.writeInt(footer.formatVersion());
        out.writeLong(footer.rowCount());
        out.writeInt(footer.columns().size());
        for (ColumnMeta c : footer.columns()) {
            DataType t = c.column().type();
            out.writeInt(c.column().uniqueId());
            out.writeByte(TypeCodes.code(t.id()));
            out.writeShort(t.length());
            out.writeByte(t.precision());
            out.writeByte(t.scale());
        }
        out.writeInt(footer.pageCount());
        for (int rows : footer.pageRowCounts()) {
            out.writeInt(rows);
        }
        for (ColumnMeta c : footer.columns()) {
            writeZoneMap(c.zoneMap(), out);
            for (PageMeta p : c.pages()) {
                out.writeLong(p.offset());
                out.writeInt(p.storedSize());
                out.writeInt(p.uncompressedSize());
                out.writeByte(p.encoding().id());
                out.writeByte(p.compression().id());
                out.writeInt(p.crc32c());
                writeZoneMap(p.zoneMap(), out);
            }
        }
        return out.toByteArray();
    }

    private static void writeZoneMap(ZoneMap z, ByteSink out) {
        out.writeInt(z.rowCount());
        out.writeInt(z.nullCount());
        out.writeByte(z.hasValues() ? 1 : 0);
        if (z.hasValues()) {
            out.writeShort(z.min().length);
            out.writeBytes(z.min(), 0, z.min().length);
            out.writeShort(z.max().length);
            out.writeBytes(z.max(), 0, z.max().length);
        }
    }

    /** Parses and checks internal consistency (counts, row totals); the caller has verified the checksum. */
    static Footer read(byte[] bytes) {
        ByteSource in = new ByteSource(bytes);
        int version = in.readInt();
        if (version != SegmentFormat.VERSION) {
            throw new FormatException("unsupported format version " + version);
        }
        long rowCount = in.readLong();
        int columnCount = count(in.readInt(), in.remaining() / 9, "columns");
        List<SegmentColumn> schema = new ArrayList<>(columnCount);
        for (int c = 0; c < columnCount; c++) {
            int uniqueId = in.readInt();
            int code = in.readByte();
            int length = in.readShort();
            int precision = in.readByte();
            int scale = in.readByte();
            try {
                schema.add(new SegmentColumn(uniqueId, new DataType(TypeCodes.typeId(code), length, precision, scale)));
            } catch (ShoalException e) {
                throw new FormatException("invalid type of column " + c + ": " + e.getMessage());
            }
        }
        int pageCount = count(in.readInt(), in.remaining() / 4, "pages");
        int[] pageRows = new int[pageCount];
        long total = 0;
        for (int p = 0; p < pageCount; p++) {
            pageRows[p] = in.readInt();
            if (pageRows[p] <= 0) {
                throw new FormatException("page " + p + " has " + pageRows[p] + " rows");
            }
            total += pageRows[p];
        }
        if (total != rowCount) {
            throw new FormatException("pages hold " + total + " rows, footer says " + rowCount);
        }
        List<ColumnMeta> columns = new ArrayList<>(columnCount);
        for (SegmentColumn column : schema) {
            ZoneMap columnZone = readZoneMap(in);
            List<PageMeta> pages = new ArrayList<>(pageCount);
            for (int p = 0; p < pageCount; p++) {
                long offset = in.readLong();
                int stored = in.readInt();
                int uncompressed = in.readInt();
                Encoding encoding = Encoding.ofId(in.readByte());
                Compression compression = Compression.ofId(in.readByte());
                int crc = in.readInt();
                ZoneMap zone = readZoneMap(in);
                if (zone.rowCount() != pageRows[p] || stored < 0 || uncompressed < 0) {
                    throw new FormatException("page " + p + " of column " + column.uniqueId() + " is inconsistent");
                }
                pages.add(new PageMeta(offset, stored, uncompressed, encoding, compression, crc, zone));
            }
            columns.add(new ColumnMeta(column, columnZone, pages));
        }
        ByteSource.expectEnd(in, "footer");
        return new Footer(version, rowCount, pageRows, columns);
    }

    private static int count(int value, int max, String what) {
        if (value < 0 || value > max) {
            throw new FormatException(what + " count " + value + " out of range");
        }
        return value;
    }

    private static ZoneMap readZoneMap(ByteSource in) {
        int rows = in.readInt();
        int nulls = in.readInt();
        int hasValues = in.readByte();
        if (rows < 0 || nulls < 0 || nulls > rows || hasValues > 1 || (hasValues == 0) != (nulls == rows)) {
            throw new FormatException("inconsistent zone map");
        }
        if (hasValues == 0) {
            return ZoneMap.allNull(rows);
        }
        byte[] min = in.readBytes(in.readShort());
        byte[] max = in.readBytes(in.readShort());
        return new ZoneMap(rows, nulls, min, max);
    }
}
