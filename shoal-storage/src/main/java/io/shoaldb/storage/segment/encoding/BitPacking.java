package io.shoaldb.storage.segment.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Frame-of-reference bit packing: each value is stored as {@code value - base} (unsigned) in
 * {@code width} bits, little-endian, least significant bit first, values back to back; the last byte
 * is zero-padded. {@code ceil(n * width / 8)} bytes in all.
 */
public final class BitPacking {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private BitPacking() {
    }

    /** Bits needed for unsigned {@code range}. */
    public static int width(long unsignedRange) {
        return 64 - Long.numberOfLeadingZeros(unsignedRange);
    }

    public static long packedBytes(int n, int width) {
        return ((long) n * width + 7) >>> 3;
    }

    public static void pack(ByteSink out, long[] values, int from, int n, long base, int width) {
        if (width == 0) {
            return;
        }
        long acc = 0;
        int bits = 0;
        for (int i = from; i < from + n; i++) {
            long u = values[i] - base;
            acc |= u << bits;
            if (bits + width >= 64) {
                out.writeLong(acc);
                acc = bits == 0 ? 0 : u >>> (64 - bits);
                bits = bits + width - 64;
            } else {
                bits += width;
            }
        }
        for (; bits > 0; bits -= 8) {
            out.writeByte((int) acc);
            acc >>>= 8;
        }
    }

    /** Reads {@code n} values into {@code out[0..n)} as {@code base + packed}. */
    public static void unpack(ByteSource in, int n, long base, int width, long[] out) {
        unpack(in, n, base, width, out, 0);
    }

    /**
     * Reads {@code n} values into {@code out[at..at+n)} as {@code base + packed}, straight from the source
     * array: values whose 8 bytes lie inside the array take one unaligned load (two past width 56), the last
     * few are assembled byte by byte.
     */
    public static void unpack(ByteSource in, int n, long base, int width, long[] out, int at) {
        int start = checkedStart(in, n, width);
        if (width == 0) {
            java.util.Arrays.fill(out, at, at + n, base);
            return;
        }
        byte[] buf = in.array();
        long mask = width == 64 ? -1L : (1L << width) - 1;
        int fast = fastValues(buf.length - start, n, width);
        long bitPos = 0;
        int i = 0;
        if (width <= 56) {
            for (; i < fast; i++, bitPos += width) {
                long v = (long) LONG.get(buf, start + (int) (bitPos >>> 3)) >>> (bitPos & 7);
                out[at + i] = base + (v & mask);
            }
        }
        for (; i < n; i++, bitPos += width) {
            out[at + i] = base + (read(buf, start, bitPos, width) & mask);
        }
    }

    /**
     * Reads {@code n} values into {@code out[0..n)} as {@code (int) (base + packed)}; the caller has checked
     * that {@code base} and {@code base + 2^width - 1} fit 32 bits, so every value does.
     */
    public static void unpackInts(ByteSource in, int n, long base, int width, int[] out) {
        int start = checkedStart(in, n, width);
        if (width == 0) {
            java.util.Arrays.fill(out, 0, n, (int) base);
            return;
        }
        byte[] buf = in.array();
        int mask = (int) ((1L << width) - 1);
        int b = (int) base;
        int fast = fastValues(buf.length - start, n, width);
        long bitPos = 0;
        int i = 0;
        for (; i < fast; i++, bitPos += width) {
            long v = (long) LONG.get(buf, start + (int) (bitPos >>> 3)) >>> (bitPos & 7);
            out[i] = b + ((int) v & mask);
        }
        for (; i < n; i++, bitPos += width) {
            out[i] = b + ((int) read(buf, start, bitPos, width) & mask);
        }
    }

    /** Checks that the packed bytes are there, consumes them and returns where they start. */
    private static int checkedStart(ByteSource in, int n, int width) {
        if (width < 0 || width > 64) {
            throw new FormatException("bit width " + width);
        }
        int bytes = (int) packedBytes(n, width);
        in.require(bytes);
        int start = in.position();
        in.skip(bytes);
        return start;
    }

    /** How many leading values can be read with whole 8-byte loads inside an array of {@code avail} bytes. */
    private static int fastValues(int avail, int n, int width) {
        // Value i's load covers bytes [bitPos/8, bitPos/8 + 8): it fits while bitPos/8 + 8 <= avail.
        long lastByte = avail - 8L;
        if (lastByte < 0) {
            return 0;
        }
        return (int) Math.min(n, (lastByte * 8) / width + 1);
    }

    /** The {@code width} bits at {@code bitPos} (and junk above them), byte by byte: only bytes they touch. */
    private static long read(byte[] buf, int start, long bitPos, int width) {
        int first = start + (int) (bitPos >>> 3);
        int shift = (int) (bitPos & 7);
        int bytes = (shift + width + 7) >>> 3;
        long v = 0;
        for (int k = 0; k < bytes && k < 8; k++) {
            v |= (long) (buf[first + k] & 0xFF) << (8 * k);
        }
        v >>>= shift;
        if (bytes > 8) {
            v |= (long) (buf[first + 8] & 0xFF) << (64 - shift);
        }
        return v;
    }
}
