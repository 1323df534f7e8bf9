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
        if (width < 0 || width > 64) {
            throw new FormatException("bit width " + width);
        }
        long bytes = packedBytes(n, width);
        in.require(bytes);
        if (width == 0) {
            java.util.Arrays.fill(out, 0, n, base);
            return;
        }
        // Copy into a padded buffer so every value can be read with one or two unaligned 8-byte loads.
        byte[] padded = new byte[(int) bytes + 16];
        System.arraycopy(in.array(), in.position(), padded, 0, (int) bytes);
        in.skip((int) bytes);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long bitPos = 0;
        for (int i = 0; i < n; i++, bitPos += width) {
            int byteIndex = (int) (bitPos >>> 3);
            int shift = (int) (bitPos & 7);
            long v = (long) LONG.get(padded, byteIndex) >>> shift;
            if (shift + width > 64) {
                v |= (long) (padded[byteIndex + 8] & 0xFF) << (64 - shift);
            }
            out[i] = base + (v & mask);
        }
    }
}
