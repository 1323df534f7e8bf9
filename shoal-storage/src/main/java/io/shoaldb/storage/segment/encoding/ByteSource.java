package io.shoaldb.storage.segment.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Bounds-checked little-endian reads over a byte range. Every read checks the remaining length first,
 * so a malformed length field surfaces as a {@link FormatException}, never as a huge allocation or an
 * index error.
 */
public final class ByteSource {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] buf;
    private final int end;
    private int pos;

    public ByteSource(byte[] buf, int offset, int length) {
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
    }

    public ByteSource(byte[] buf) {
        this(buf, 0, buf.length);
    }

    public int remaining() {
        return end - pos;
    }

    public int position() {
        return pos;
    }

    public byte[] array() {
        return buf;
    }

    public void require(long bytes) {
        if (bytes < 0 || bytes > end - pos) {
            throw new FormatException("needs " + bytes + " bytes at offset " + pos + ", only " + (end - pos) + " left");
        }
    }

    public void skip(int bytes) {
        require(bytes);
        pos += bytes;
    }

    public int readByte() {
        require(1);
        return buf[pos++] & 0xFF;
    }

    public int readShort() {
        require(2);
        int v = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8;
        pos += 2;
        return v;
    }

    public int readInt() {
        require(4);
        int v = (int) INT.get(buf, pos);
        pos += 4;
        return v;
    }

    public long readLong() {
        require(8);
        long v = (long) LONG.get(buf, pos);
        pos += 8;
        return v;
    }

    public byte[] readBytes(int len) {
        require(len);
        byte[] b = new byte[len];
        System.arraycopy(buf, pos, b, 0, len);
        pos += len;
        return b;
    }

    public long readVarLong() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new FormatException("varint longer than 10 bytes at offset " + pos);
    }

    /** A varint that must be a count in {@code [0, max]}. */
    public int readCount(int max) {
        long v = readVarLong();
        if (v < 0 || v > max) {
            throw new FormatException("count " + v + " out of range [0, " + max + "] at offset " + pos);
        }
        return (int) v;
    }

    public long readZigZag() {
        long v = readVarLong();
        return (v >>> 1) ^ -(v & 1);
    }

    public static void expectEnd(ByteSource in, String what) {
        if (in.remaining() != 0) {
            throw new FormatException(in.remaining() + " unexpected trailing bytes after " + what);
        }
    }
}
