package io.shoaldb.storage.segment.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Encodes a run of integers (held as longs; 32-bit columns are sign-extended) with PLAIN, RUN_LENGTH,
 * BIT_PACKED or DELTA, and picks the smallest of them for a page. Payload layouts:
 * <pre>
 * PLAIN       n x width bytes, little-endian (width 4 or 8)
 * RUN_LENGTH  varint runs; runs x (zigzag varint value, varint length &gt;= 1); lengths sum to n
 * BIT_PACKED  i64 base, u8 bits, BitPacking of (v - base)
 * DELTA       (n &gt; 0 only) i64 first, then a BIT_PACKED block of the n-1 wrapping differences v[i]-v[i-1]
 * </pre>
 */
public final class IntegerCodec {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private IntegerCodec() {
    }

    /** Sizes each integer encoding would take for {@code values[0..n)} (see {@link #estimate}). */
    public record Estimate(long plain, long runLength, long bitPacked, long delta) {
        public Encoding smallest() {
            Encoding best = Encoding.BIT_PACKED;
            long size = bitPacked;
            if (delta < size) {
                best = Encoding.DELTA;
                size = delta;
            }
            if (runLength < size) {
                best = Encoding.RUN_LENGTH;
                size = runLength;
            }
            return plain < size ? Encoding.PLAIN : best;
        }
    }

    /**
     * The size of each encoding of {@code values[0, n)}. RUN_LENGTH's is exact only when it could be the smallest:
     * a page of short runs (most columns) would pay a size computation per value for an encoding that cannot win, so
     * when its least possible size (two bytes a run) already reaches BIT_PACKED's or DELTA's, that bound stands in.
     */
    public static Estimate estimate(long[] values, int n, int width) {
        if (n == 0) {
            return new Estimate(0, 1, 9, 0);
        }
        long min = values[0];
        long max = values[0];
        long minDelta = Long.MAX_VALUE;
        long maxDelta = Long.MIN_VALUE;
        int runs = 1;
        for (int i = 1; i < n; i++) {
            long v = values[i];
            min = Math.min(min, v);
            max = Math.max(max, v);
            long d = v - values[i - 1];
            minDelta = Math.min(minDelta, d);
            maxDelta = Math.max(maxDelta, d);
            runs += d != 0 ? 1 : 0;
        }
        long bitPacked = 9 + BitPacking.packedBytes(n, BitPacking.width(max - min));
        long delta = n == 1 ? 8 : 17 + BitPacking.packedBytes(n - 1, BitPacking.width(maxDelta - minDelta));
        long leastRunBytes = 2L * runs + 5;
        long runBytes = leastRunBytes >= Math.min(bitPacked, delta) ? leastRunBytes : runLengthBytes(values, n);
        return new Estimate((long) n * width, runBytes, bitPacked, delta);
    }

    private static long runLengthBytes(long[] values, int n) {
        long bytes = 0;
        int runLength = 1;
        for (int i = 1; i < n; i++) {
            if (values[i] == values[i - 1]) {
                runLength++;
            } else {
                bytes += ByteSink.zigZagSize(values[i - 1]) + ByteSink.varLongSize(runLength);
                runLength = 1;
            }
        }
        return bytes + ByteSink.zigZagSize(values[n - 1]) + ByteSink.varLongSize(runLength) + 5;
    }

    public static void encode(Encoding encoding, long[] values, int n, int width, ByteSink out) {
        switch (encoding) {
            case PLAIN -> {
                for (int i = 0; i < n; i++) {
                    if (width == 4) {
                        out.writeInt((int) values[i]);
                    } else {
                        out.writeLong(values[i]);
                    }
                }
            }
            case RUN_LENGTH -> encodeRuns(values, n, out);
            case BIT_PACKED -> encodeFrame(values, 0, n, out);
            case DELTA -> {
                if (n == 0) {
                    return;
                }
                out.writeLong(values[0]);
                long[] deltas = new long[n - 1];
                for (int i = 1; i < n; i++) {
                    deltas[i - 1] = values[i] - values[i - 1];
                }
                encodeFrame(deltas, 0, n - 1, out);
            }
            default -> throw new IllegalArgumentException(encoding + " is not an integer encoding");
        }
    }

    private static void encodeRuns(long[] values, int n, ByteSink out) {
        int runs = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || values[i] != values[i - 1]) {
                runs++;
            }
        }
        out.writeVarInt(runs);
        int start = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || values[i] != values[start]) {
                out.writeZigZag(values[start]);
                out.writeVarInt(i - start);
                start = i;
            }
        }
    }

    private static void encodeFrame(long[] values, int from, int n, ByteSink out) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = from; i < from + n; i++) {
            min = Math.min(min, values[i]);
            max = Math.max(max, values[i]);
        }
        if (n == 0) {
            min = 0;
            max = 0;
        }
        int bits = BitPacking.width(max - min);
        out.writeLong(min);
        out.writeByte(bits);
        BitPacking.pack(out, values, from, n, min, bits);
    }

    /** Decodes {@code n} values into {@code out[0..n)}; 32-bit values are range-checked. */
    public static void decode(Encoding encoding, ByteSource in, int n, int width, long[] out) {
        switch (encoding) {
            case PLAIN -> {
                in.require((long) n * width);
                if (width == 8) {
                    ByteBuffer.wrap(in.array(), in.position(), n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer()
                            .get(out, 0, n);
                    in.skip(n * 8);
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = in.readInt();
                    }
                }
            }
            case RUN_LENGTH -> {
                int runs = in.readCount(n);
                int at = 0;
                for (int r = 0; r < runs; r++) {
                    long v = in.readZigZag();
                    int len = in.readCount(n - at);
                    if (len == 0) {
                        throw new FormatException("empty run");
                    }
                    java.util.Arrays.fill(out, at, at + len, v);
                    at += len;
                }
                if (at != n) {
                    throw new FormatException("runs cover " + at + " of " + n + " values");
                }
            }
            case BIT_PACKED -> decodeFrame(in, n, out, 0);
            case DELTA -> {
                if (n == 0) {
                    return;
                }
                out[0] = in.readLong();
                decodeFrame(in, n - 1, out, 1);
                for (int i = 1; i < n; i++) {
                    out[i] += out[i - 1];
                }
            }
            default -> throw new FormatException(encoding + " is not an integer encoding");
        }
        if (width == 4) {
            for (int i = 0; i < n; i++) {
                if (out[i] != (int) out[i]) {
                    throw new FormatException("value " + out[i] + " does not fit 32 bits");
                }
            }
        }
    }

    /**
     * Decodes {@code n} 32-bit values straight into {@code out[0..n)}: PLAIN is a bulk copy and a BIT_PACKED
     * frame whose whole range fits 32 bits unpacks without a range check per value; other pages go through
     * {@link #decode} and are narrowed.
     */
    public static void decodeInts(Encoding encoding, ByteSource in, int n, int[] out) {
        if (encoding == Encoding.PLAIN) {
            in.require(4L * n);
            ByteBuffer.wrap(in.array(), in.position(), n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                    .get(out, 0, n);
            in.skip(n * 4);
            return;
        }
        if (encoding == Encoding.BIT_PACKED && in.remaining() >= 9) {
            long base = (long) LONG.get(in.array(), in.position());
            int bits = in.array()[in.position() + 8] & 0xFF;
            if (bits < 32 && base == (int) base && base + ((1L << bits) - 1) == (int) (base + ((1L << bits) - 1))) {
                in.skip(9);
                BitPacking.unpackInts(in, n, base, bits, out);
                return;
            }
        }
        long[] wide = new long[n];
        decode(encoding, in, n, 4, wide);
        for (int i = 0; i < n; i++) {
            out[i] = (int) wide[i];
        }
    }

    private static void decodeFrame(ByteSource in, int n, long[] out, int at) {
        long base = in.readLong();
        int bits = in.readByte();
        BitPacking.unpack(in, n, base, bits, out, at);
    }
}
