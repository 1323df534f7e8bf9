package io.shoaldb.storage.segment;

import java.util.Arrays;

/**
 * Statistics of a page or column: row and null counts and, when there is a non-null value, a lower and
 * an upper bound as order-preserving keys ({@link ZoneKeys}): unsigned byte-wise comparison of keys
 * orders them like the values. Bounds are exact except for strings, whose bounds are prefixes.
 */
public record ZoneMap(int rowCount, int nullCount, byte[] min, byte[] max) {
    public ZoneMap {
        if ((min == null) != (max == null)) {
            throw new IllegalArgumentException("min and max must both be present or both absent");
        }
    }

    public static ZoneMap allNull(int rows) {
        return new ZoneMap(rows, rows, null, null);
    }

    public boolean hasValues() {
        return min != null;
    }

    /** The zone map of the union of two ranges of rows. */
    public ZoneMap merge(ZoneMap other) {
        if (!hasValues() || !other.hasValues()) {
            ZoneMap withValues = hasValues() ? this : other;
            return new ZoneMap(rowCount + other.rowCount, nullCount + other.nullCount, withValues.min, withValues.max);
        }
        byte[] lo = Arrays.compareUnsigned(min, other.min) <= 0 ? min : other.min;
        byte[] hi = Arrays.compareUnsigned(max, other.max) >= 0 ? max : other.max;
        return new ZoneMap(rowCount + other.rowCount, nullCount + other.nullCount, lo, hi);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ZoneMap z && rowCount == z.rowCount && nullCount == z.nullCount
                && Arrays.equals(min, z.min) && Arrays.equals(max, z.max);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * rowCount + nullCount) + Arrays.hashCode(min) * 7 + Arrays.hashCode(max);
    }

    @Override
    public String toString() {
        return "ZoneMap[rows=" + rowCount + ", nulls=" + nullCount + ", min=" + hex(min) + ", max=" + hex(max) + "]";
    }

    private static String hex(byte[] b) {
        return b == null ? "-" : java.util.HexFormat.of().formatHex(b);
    }
}
