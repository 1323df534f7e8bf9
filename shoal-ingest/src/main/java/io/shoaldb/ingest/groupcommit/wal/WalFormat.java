package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The byte layout of a group-commit WAL file (all integers little-endian); see docs/group-commit.md.
 * <pre>
 * header:  "SGCW" | u32 format version (1) | u32 header body length H | H bytes body | u32 CRC32C(body)
 *          body = i64 db id | i64 table id | i64 txn id | u16 label length + UTF-8 label
 *                 | u32 column count | per column: i32 unique id + 5-byte type (BatchCodec)
 * records: u32 payload length L | L bytes payload | u32 CRC32C(payload)        (repeated to EOF)
 *          payload = u8 record version (1) | i32 request-id length (-1 = none) + UTF-8 | BatchCodec batch
 * </pre>
 * No footer: a WAL is only ever appended to and then deleted (or replayed).
 */
public final class WalFormat {
    static final byte[] MAGIC = {'S', 'G', 'C', 'W'};
    public static final int FORMAT_VERSION = 1;
    static final byte RECORD_VERSION = 1;
    /** Length field + CRC field around every payload. */
    static final int RECORD_OVERHEAD = 8;

    private WalFormat() {
    }

    public static ByteBuffer encodeHeader(WalHeader h) {
        byte[] label = h.label().getBytes(StandardCharsets.UTF_8);
        int bodyLength = 8 * 3 + 2 + label.length + 4 + h.columns().size() * (4 + 5);
        ByteBuffer out = ByteBuffer.allocate(4 + 4 + 4 + bodyLength + 4).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).putInt(FORMAT_VERSION).putInt(bodyLength);
        int bodyStart = out.position();
        out.putLong(h.databaseId()).putLong(h.tableId()).putLong(h.txnId());
        out.putShort((short) label.length).put(label);
        out.putInt(h.columns().size());
        for (SegmentColumn c : h.columns()) {
            out.putInt(c.uniqueId());
            BatchCodec.writeType(out, c.type());
        }
        out.putInt(crc(out.array(), bodyStart, bodyLength));
        return out.flip();
    }

    /** One framed record: length, payload (request id + batch), CRC32C of the payload. */
    public static ByteBuffer encodeRecord(String requestId, Batch rows) {
        Batch compacted = rows.compact();
        byte[] id = requestId == null ? null : requestId.getBytes(StandardCharsets.UTF_8);
        int payload = 1 + 4 + (id == null ? 0 : id.length) + BatchCodec.encodedSize(compacted);
        ByteBuffer out = ByteBuffer.allocate(RECORD_OVERHEAD + payload).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(payload);
        out.put(RECORD_VERSION);
        out.putInt(id == null ? -1 : id.length);
        if (id != null) {
            out.put(id);
        }
        BatchCodec.encodeTo(compacted, out);
        out.putInt(crc(out.array(), 4, payload));
        return out.flip();
    }

    /** Parses a complete header body (magic, version and CRC already checked by the reader). */
    static WalHeader decodeHeaderBody(ByteBuffer body, String source) {
        try {
            long db = body.getLong();
            long table = body.getLong();
            long txn = body.getLong();
            byte[] label = new byte[Short.toUnsignedInt(body.getShort())];
            body.get(label);
            int count = body.getInt();
            if (count < 0 || count > 100_000) {
                throw ErrorCode.CORRUPT_FILE.exception(source, "bad column count " + count);
            }
            List<SegmentColumn> columns = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int uniqueId = body.getInt();
                DataType type = BatchCodec.readType(body, source);
                columns.add(new SegmentColumn(uniqueId, type));
            }
            return new WalHeader(db, table, txn, new String(label, StandardCharsets.UTF_8), columns);
        } catch (BufferUnderflowException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, source, "WAL header body is too short");
        }
    }

    static WalRecord decodePayload(ByteBuffer payload, boolean verified, String source) {
        try {
            byte version = payload.get();
            if (version != RECORD_VERSION) {
                throw ErrorCode.CORRUPT_FILE.exception(source, "unknown WAL record version " + version);
            }
            int idLength = payload.getInt();
            String requestId = null;
            if (idLength >= 0) {
                byte[] id = new byte[idLength];
                payload.get(id);
                requestId = new String(id, StandardCharsets.UTF_8);
            } else if (idLength != -1) {
                throw ErrorCode.CORRUPT_FILE.exception(source, "bad request id length " + idLength);
            }
            return new WalRecord(requestId, BatchCodec.decode(payload, source), verified);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, source, "WAL record does not decode: " + e);
        }
    }

    static int crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }
}
