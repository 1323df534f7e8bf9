package io.shoaldb.storage.segment.encoding;

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
    private IntegerCodec() {
    }

    /** Sizes each integer encoding would take for {@code values[0..n)}; computed in one pass. */
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

    public static Estimate estimate(long[] values, int n, int width) {
        if (n == 0) {
            return new Estimate(0, 1, 9, 0);
        }
        long min = values[0];
        long max = values[0];
        long minDelta = Long.MAX_VALUE;
        long maxDelta = Long.MIN_VALUE;
        long runBytes = 0;
        int runLength = 1;
        for (int i = 1; i < n; i++) {
            long v = values[i];
            min = Math.min(min, v);
            max = Math.max(max, v);
            long d = v - values[i - 1];
            minDelta = Math.min(minDelta, d);
            maxDelta = Math.max(maxDelta, d);
            if (d == 0) {
                runLength++;
            } else {
                runBytes += ByteSink.zigZagSize(values[i - 1]) + ByteSink.varLongSize(runLength);
                runLength = 1;
            }
        }
        runBytes += ByteSink.zigZagSize(values[n - 1]) + ByteSink.varLongSize(runLength) + 5;
        long bitPacked = 9 + BitPacking.packedBytes(n, BitPacking.width(max - min));
        long delta = n == 1 ? 8 : 17 + BitPacking.packedBytes(n - 1, BitPacking.width(maxDelta - minDelta));
        return new Estimate((long) n * width, runBytes, bitPacked, delta);
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
                for (int i = 0; i < n; i++) {
                    out[i] = width == 4 ? in.readInt() : in.readLong();
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

    private static void decodeFrame(ByteSource in, int n, long[] out, int at) {
        long base = in.readLong();
        int bits = in.readByte();
        if (at == 0) {
            BitPacking.unpack(in, n, base, bits, out);
        } else {
            long[] tmp = new long[n];
            BitPacking.unpack(in, n, base, bits, tmp);
            System.arraycopy(tmp, 0, out, at, n);
        }
    }
}
