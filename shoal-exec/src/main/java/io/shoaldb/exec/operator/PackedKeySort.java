package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import java.util.Arrays;
import java.util.List;

/**
 * Sorts row numbers by packing the leading fixed-width sort keys and the row number into one {@code long} per row,
 * so that {@link Arrays#sort(long[])} on primitives orders them - no comparator call per comparison. Each key value
 * is mapped to an order-preserving offset (direction, NULL placement and the {@code Double.compare} order of floating
 * values applied), taking only as many bits as the batch's range of that key needs; keys are packed while they fit in
 * 63 bits together with the row number. The row number in the low bits makes equal keys keep their input order, so the
 * sort is stable. Rows whose packed keys tie are then ordered by the remaining keys with {@link RowComparator}.
 * A 128-bit key packs when every value of the batch fits a long (sums and products of 64-bit decimals, TPC-H Q11's
 * {@code ORDER BY value DESC}): the comparator sort a 128-bit key fell back to called one comparator per comparison
 * through a site every other sort's key types had made megamorphic in a warm server.
 * Null when not even the first key packs (a string key, a 128-bit value beyond a long, or a range too wide): the
 * caller sorts another way.
 */
final class PackedKeySort {
    /** Offsets of one key's values: each row's value minus the batch minimum, NULLs at one end; {@code span} is the largest. */
    private record Offsets(long[] values, long span) {
    }

    private PackedKeySort() {
    }

    /**
     * Row numbers {@code 0 .. n-1} of {@code batch} in the order of {@code keys}, stable; ties on the packed keys are
     * ordered by {@code rest}, which compares by every key. Null when the first key cannot be packed.
     */
    static int[] sortedRows(Batch batch, List<SortKey> keys, int n, RowComparator rest) {
        int rowBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
        int freeBits = 63 - rowBits;
        long[] packed = null;
        int packedKeys = 0;
        for (SortKey key : keys) {
            Offsets offsets = offsets(Flat.of(batch.column(key.column())), key, n);
            if (offsets == null) {
                break;
            }
            int bits = 64 - Long.numberOfLeadingZeros(offsets.span());
            if (bits > freeBits) {
                break;
            }
            long[] v = offsets.values();
            if (packed == null) {
                packed = v;
            } else {
                for (int r = 0; r < n; r++) {
                    packed[r] = packed[r] << bits | v[r];
                }
            }
            freeBits -= bits;
            packedKeys++;
        }
        if (packed == null) {
            return null;
        }
        for (int r = 0; r < n; r++) {
            packed[r] = packed[r] << rowBits | r;
        }
        Arrays.sort(packed, 0, n);
        int[] rows = new int[n];
        long rowMask = (1L << rowBits) - 1;
        for (int i = 0; i < n; i++) {
            rows[i] = (int) (packed[i] & rowMask);
        }
        if (packedKeys < keys.size()) {
            orderTies(packed, rows, n, rowBits, rest);
        }
        return rows;
    }

    /** Sorts each run of rows whose packed keys are equal by the comparator (the run is in input order already). */
    private static void orderTies(long[] packed, int[] rows, int n, int rowBits, RowComparator rest) {
        int[] tmp = null;
        int from = 0;
        while (from < n) {
            long prefix = packed[from] >>> rowBits;
            int to = from + 1;
            while (to < n && packed[to] >>> rowBits == prefix) {
                to++;
            }
            if (to - from > 1) {
                if (tmp == null) {
                    tmp = new int[n];
                }
                rest.sortRange(rows, tmp, from, to);
            }
            from = to;
        }
    }

    /**
     * The key's value for every row as an unsigned offset in {@code [0, span]} that sorts as the key does, or null
     * when the column is not a fixed-width number, or a 128-bit one with a value beyond a long (or its range needs all
     * 64 bits).
     */
    private static Offsets offsets(FlatVector v, SortKey key, int n) {
        if (!(v instanceof IntVector || v instanceof LongVector || v instanceof DoubleVector || v instanceof FloatVector
                || v instanceof Int128Vector)) {
            return null; // before allocating: a string key first falls back at no cost
        }
        boolean nulls = v.mayHaveNulls();
        long[] out = new long[n];
        switch (v) {
            case IntVector x -> {
                int[] a = x.values();
                for (int r = 0; r < n; r++) {
                    out[r] = a[r];
                }
            }
            case LongVector x -> System.arraycopy(x.values(), 0, out, 0, n);
            case DoubleVector x -> {
                double[] a = x.values();
                for (int r = 0; r < n; r++) {
                    out[r] = orderedBits(a[r]);
                }
            }
            case FloatVector x -> {
                float[] a = x.values();
                for (int r = 0; r < n; r++) {
                    out[r] = orderedBits(a[r]);
                }
            }
            case Int128Vector x -> {
                long[] high = x.highs();
                long[] low = x.lows();
                for (int r = 0; r < n; r++) {
                    if (high[r] != low[r] >> 63 && !(nulls && v.isNull(r))) {
                        return null; // beyond a long: the comparator sorts
                    }
                }
                System.arraycopy(low, 0, out, 0, n);
            }
            default -> {
                return null;
            }
        }
        boolean descending = !key.ascending();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int r = 0; r < n; r++) {
            if (nulls && v.isNull(r)) {
                continue;
            }
            long x = descending ? ~out[r] : out[r]; // ~ reverses the signed order without overflow
            out[r] = x;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        if (min > max) { // every row NULL
            min = 0;
            max = 0;
        }
        long range = max - min; // unsigned: max >= min
        if (range < 0 || range > Long.MAX_VALUE - 2) {
            return null;
        }
        // NULLs take offset 0 (first) or range + 1 (last), whatever the direction, as RowComparator places them.
        long shift = nulls && key.nullsFirst() ? 1 : 0;
        long nullOffset = key.nullsFirst() ? 0 : range + 1;
        for (int r = 0; r < n; r++) {
            out[r] = nulls && v.isNull(r) ? nullOffset : out[r] - min + shift;
        }
        return new Offsets(out, range + (nulls ? 1 : 0));
    }

    /** The bits of {@code d} as a long whose signed order is {@code Double.compare}'s order of {@code d + 0.0}. */
    static long orderedBits(double d) {
        long bits = Double.doubleToLongBits(d + 0.0); // -0.0 reads as 0.0, every NaN as the one NaN
        return bits ^ (bits >> 63 & Long.MAX_VALUE);
    }

    static long orderedBits(float f) {
        int bits = Float.floatToIntBits(f + 0.0f);
        return bits ^ (bits >> 31 & Integer.MAX_VALUE);
    }
}
