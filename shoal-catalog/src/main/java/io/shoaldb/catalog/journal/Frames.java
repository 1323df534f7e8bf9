package io.shoaldb.catalog.journal;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The framing shared by journal records and the image: {@code [int length][int crc32c(payload)][payload]},
 * big-endian. Reading tells apart a frame that is whole and checks out, one cut off by the end of the
 * bytes (a torn append), and one that is whole but wrong.
 */
final class Frames {
    static final int HEADER_BYTES = 8;
    /** No catalog record comes near this; a larger length is garbage, not a record. */
    static final int MAX_PAYLOAD = 256 * 1024 * 1024;

    enum Status {
        OK,
        /** The frame runs past the end of the bytes. */
        TRUNCATED,
        /** Whole, but the length is impossible or the checksum does not match. */
        BAD
    }

    record Read(Status status, byte[] payload, int end) {
    }

    private Frames() {
    }

    static ByteBuffer frame(byte[] payload) {
        ByteBuffer buf = ByteBuffer.allocate(HEADER_BYTES + payload.length);
        buf.putInt(payload.length).putInt(crc(payload, 0, payload.length)).put(payload).flip();
        return buf;
    }

    static Read read(byte[] bytes, int offset) {
        if (bytes.length - offset < HEADER_BYTES) {
            return new Read(Status.TRUNCATED, null, bytes.length);
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes, offset, HEADER_BYTES);
        int length = buf.getInt();
        int crc = buf.getInt();
        if (length <= 0 || length > MAX_PAYLOAD) {
            // Records are never empty, so a zero-filled tail reads as BAD rather than as empty frames.
            return new Read(Status.BAD, null, offset + HEADER_BYTES);
        }
        long end = (long) offset + HEADER_BYTES + length;
        if (end > bytes.length) {
            return new Read(Status.TRUNCATED, null, bytes.length);
        }
        if (crc(bytes, offset + HEADER_BYTES, length) != crc) {
            return new Read(Status.BAD, null, (int) end);
        }
        byte[] payload = new byte[length];
        System.arraycopy(bytes, offset + HEADER_BYTES, payload, 0, length);
        return new Read(Status.OK, payload, (int) end);
    }

    static int crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }
}
