package io.shoaldb.storage.tablet;

import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * The bucket hash, defined over stored physical values so that it is the same in every JVM and after
 * every restart (never {@code Object.hashCode}). Per value, {@code fmix64} is MurmurHash3's 64-bit
 * finaliser:
 * <ul>
 *   <li>NULL: {@code 0x6E756C6C}</li>
 *   <li>INT32 (BOOLEAN..INT, DATE): {@code fmix64((long) v)}; INT64 (BIGINT, DATETIME, short DECIMAL):
 *       {@code fmix64(v)} - so a value hashes the same whichever integer width holds it</li>
 *   <li>FLOAT32/FLOAT64: {@code fmix64(doubleToLongBits((double) v))} with -0.0 folded to 0.0 (SQL equality)</li>
 *   <li>INT128: {@code fmix64(high ^ fmix64(low))}</li>
 *   <li>BYTES: FNV-1a 64 over the UTF-8 bytes, then {@code fmix64}</li>
 * </ul>
 * Row: {@code h = 0; for each hash column: h = h * 0x9E3779B97F4A7C15 + valueHash}; bucket =
 * {@code floorMod(fmix64(h), buckets)}.
 */
public final class RowHash {
    static final long NULL_HASH = 0x6E756C6CL;
    private static final long ROW_MULTIPLIER = 0x9E3779B97F4A7C15L;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private RowHash() {
    }

    /** Adds the hash of one column's value at {@code row} to the running row hash {@code h}. */
    public static long combine(long h, ColumnVector column, int row) {
        return h * ROW_MULTIPLIER + valueHash(column, row);
    }

    public static int bucket(long rowHash, int buckets) {
        return (int) Math.floorMod(fmix64(rowHash), (long) buckets);
    }

    static long valueHash(ColumnVector column, int row) {
        if (column.isNull(row)) {
            return NULL_HASH;
        }
        FlatVector v = column instanceof FlatVector f ? f : null;
        if (v == null) {
            // Dictionary and constant vectors: hash the one value (rare on the load path).
            v = column.copyPositions(new int[] {row}, 0, 1);
            row = 0;
        }
        return switch (v) {
            case IntVector x -> fmix64(x.getInt(row));
            case LongVector x -> fmix64(x.getLong(row));
            case FloatVector x -> doubleHash(x.getFloat(row));
            case DoubleVector x -> doubleHash(x.getDouble(row));
            case Int128Vector x -> fmix64(x.getHigh(row) ^ fmix64(x.getLow(row)));
            case BytesVector x -> fmix64(fnv1a(x.data(), x.offset(row), x.length(row)));
        };
    }

    private static long doubleHash(double d) {
        return fmix64(Double.doubleToLongBits(d == 0.0 ? 0.0 : d));
    }

    static long fnv1a(byte[] data, int offset, int length) {
        long h = FNV_OFFSET;
        for (int i = offset; i < offset + length; i++) {
            h ^= data[i] & 0xFF;
            h *= FNV_PRIME;
        }
        return h;
    }

    static long fmix64(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
