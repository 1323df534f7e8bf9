package io.shoaldb.storage.segment;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.JavaValues;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.type.DataType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Order-preserving keys for zone-map bounds, so one unsigned byte comparison serves every type:
 * <ul>
 * <li>INT32/INT64: 8 bytes big-endian of {@code value ^ Long.MIN_VALUE} (flips the sign bit);</li>
 * <li>FLOAT32/FLOAT64: the value as a double with -0.0 folded into 0.0 and every NaN made the canonical
 *     NaN, then IEEE bits with all bits flipped for negatives and the sign bit flipped otherwise, 8 bytes
 *     big-endian; NaN sorts above +Infinity (Java's {@link Double#compare} order);</li>
 * <li>INT128: 16 bytes big-endian, high word with its sign bit flipped then the low word;</li>
 * <li>BYTES: the UTF-8 bytes; a min longer than {@link #STRING_PREFIX} bytes is cut to that prefix (still
 *     a lower bound), a longer max is cut and its last byte below 0xFF incremented (an upper bound).</li>
 * </ul>
 */
public final class ZoneKeys {
    /** Longest string bound kept in a zone map. */
    public static final int STRING_PREFIX = 32;
    private static final VarHandle BIG_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.BIG_ENDIAN);

    private ZoneKeys() {
    }

    /** The zone map of a page. */
    public static ZoneMap of(FlatVector v) {
        int rows = v.size();
        int nulls = v.nullCount();
        if (nulls == rows) {
            return ZoneMap.allNull(rows);
        }
        return switch (v) {
            case IntVector x -> {
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (int i = 0; i < rows; i++) {
                    if (!x.isNull(i)) {
                        min = Math.min(min, x.getInt(i));
                        max = Math.max(max, x.getInt(i));
                    }
                }
                yield new ZoneMap(rows, nulls, longKey(min), longKey(max));
            }
            case LongVector x -> {
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (int i = 0; i < rows; i++) {
                    if (!x.isNull(i)) {
                        min = Math.min(min, x.getLong(i));
                        max = Math.max(max, x.getLong(i));
                    }
                }
                yield new ZoneMap(rows, nulls, longKey(min), longKey(max));
            }
            case FloatVector x -> doubles(rows, nulls, i -> x.isNull(i) ? null : (double) x.getFloat(i));
            case DoubleVector x -> doubles(rows, nulls, i -> x.isNull(i) ? null : x.getDouble(i));
            case Int128Vector x -> {
                int lo = -1;
                int hi = -1;
                for (int i = 0; i < rows; i++) {
                    if (!x.isNull(i)) {
                        lo = lo < 0 || x.compare(i, lo) < 0 ? i : lo;
                        hi = hi < 0 || x.compare(i, hi) > 0 ? i : hi;
                    }
                }
                yield new ZoneMap(rows, nulls, int128Key(x.getHigh(lo), x.getLow(lo)), int128Key(x.getHigh(hi), x.getLow(hi)));
            }
            case BytesVector x -> {
                // Values are ordered by their first eight bytes first (a long compare); only equal prefixes are
                // compared in full: a page's bounds are otherwise a library comparison per value, twice.
                byte[] d = x.data();
                int[] at = x.offsets();
                int lo = -1;
                int hi = -1;
                long loPrefix = 0;
                long hiPrefix = 0;
                for (int i = 0; i < rows; i++) {
                    if (x.isNull(i)) {
                        continue;
                    }
                    long p = prefix(d, at[i], at[i + 1]);
                    if (lo < 0) {
                        lo = hi = i;
                        loPrefix = hiPrefix = p;
                        continue;
                    }
                    int c = Long.compareUnsigned(p, loPrefix);
                    if (c < 0 || c == 0 && BytesVector.compare(x, i, x, lo) < 0) {
                        lo = i;
                        loPrefix = p;
                    }
                    c = Long.compareUnsigned(p, hiPrefix);
                    if (c > 0 || c == 0 && BytesVector.compare(x, i, x, hi) > 0) {
                        hi = i;
                        hiPrefix = p;
                    }
                }
                yield new ZoneMap(rows, nulls, lowerBound(x.getBytes(lo)), upperBound(x.getBytes(hi)));
            }
        };
    }

    /**
     * The first eight bytes of {@code d[from, to)} big-endian, zero-padded: a longer or greater string never has a
     * smaller prefix, so unequal prefixes order two strings and equal ones need the full comparison.
     */
    private static long prefix(byte[] d, int from, int to) {
        if (to - from >= 8) {
            return (long) BIG_ENDIAN_LONGS.get(d, from);
        }
        long p = 0;
        for (int i = from; i < to; i++) {
            p = p << 8 | (d[i] & 0xFF);
        }
        return p << 8 * (8 - (to - from));
    }

    private interface DoubleAt {
        Double at(int i);
    }

    private static ZoneMap doubles(int rows, int nulls, DoubleAt values) {
        long min = -1L;
        long max = 0;
        for (int i = 0; i < rows; i++) {
            Double d = values.at(i);
            if (d != null) {
                long k = sortableDouble(d);
                min = Long.compareUnsigned(k, min) < 0 ? k : min;
                max = Long.compareUnsigned(k, max) > 0 ? k : max;
            }
        }
        return new ZoneMap(rows, nulls, bigEndian(min), bigEndian(max));
    }

    /**
     * The key of a constant of {@code type} given as the Java object documented on TypeId, or null when
     * it cannot be represented exactly in the column's type (then a predicate on it must not prune).
     */
    public static byte[] ofConstant(DataType type, Object value) {
        try {
            return switch (PhysicalType.of(type)) {
                case INT32 -> longKey(JavaValues.toInt(type, value));
                case INT64 -> longKey(JavaValues.toLong(type, value));
                case FLOAT32, FLOAT64 -> bigEndian(sortableDouble(((Number) value).doubleValue()));
                case INT128 -> {
                    long[] v = JavaValues.toInt128(type, value);
                    yield int128Key(v[0], v[1]);
                }
                case BYTES -> value instanceof byte[] b ? b : value.toString().getBytes(StandardCharsets.UTF_8);
            };
        } catch (ShoalException | ClassCastException | ArithmeticException | NumberFormatException e) {
            return null;
        }
    }

    static byte[] longKey(long v) {
        return bigEndian(v ^ Long.MIN_VALUE);
    }

    static byte[] int128Key(long high, long low) {
        byte[] k = new byte[16];
        System.arraycopy(bigEndian(high ^ Long.MIN_VALUE), 0, k, 0, 8);
        System.arraycopy(bigEndian(low), 0, k, 8, 8);
        return k;
    }

    static long sortableDouble(double d) {
        if (d == 0.0) {
            d = 0.0; // folds -0.0, which SQL treats as equal to 0.0
        }
        long bits = Double.doubleToLongBits(d); // canonical NaN
        return bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
    }

    private static byte[] bigEndian(long v) {
        byte[] b = new byte[8];
        for (int i = 7; i >= 0; i--) {
            b[i] = (byte) v;
            v >>>= 8;
        }
        return b;
    }

    static byte[] lowerBound(byte[] value) {
        return value.length <= STRING_PREFIX ? value : Arrays.copyOf(value, STRING_PREFIX);
    }

    static byte[] upperBound(byte[] value) {
        if (value.length <= STRING_PREFIX) {
            return value;
        }
        for (int i = STRING_PREFIX - 1; i >= 0; i--) {
            if (value[i] != (byte) 0xFF) {
                byte[] bound = Arrays.copyOf(value, i + 1);
                bound[i]++;
                return bound;
            }
        }
        return value; // a prefix of 0xFF bytes has no short upper bound; keep the value whole
    }
}
