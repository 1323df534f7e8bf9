package io.shoaldb.storage.segment.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/** A growable little-endian byte buffer for building pages and footers. */
public final class ByteSink {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf;
    private int size;

    public ByteSink(int capacity) {
        buf = new byte[Math.max(capacity, 16)];
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    public int size() {
        return size;
    }

    public void reset() {
        size = 0;
    }

    /** The internal array; valid up to {@link #size()}. */
    public byte[] array() {
        return buf;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    public void writeByte(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    public void writeShort(int v) {
        ensure(2);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
    }

    public void writeInt(int v) {
        ensure(4);
        INT.set(buf, size, v);
        size += 4;
    }

    public void writeLong(long v) {
        ensure(8);
        LONG.set(buf, size, v);
        size += 8;
    }

    public void writeBytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    /** Unsigned LEB128. */
    public void writeVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    public void writeVarInt(int v) {
        writeVarLong(v & 0xFFFFFFFFL);
    }

    public void writeZigZag(long v) {
        writeVarLong((v << 1) ^ (v >> 63));
    }

    public static int varLongSize(long v) {
        return v == 0 ? 1 : (64 - Long.numberOfLeadingZeros(v) + 6) / 7;
    }

    public static int zigZagSize(long v) {
        return varLongSize((v << 1) ^ (v >> 63));
    }
}
