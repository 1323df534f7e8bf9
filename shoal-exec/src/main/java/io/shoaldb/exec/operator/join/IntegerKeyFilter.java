package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * A runtime filter on a 32- or 64-bit key column (integers, dates, decimals): keeps the rows whose key lies in
 * the build's range and, when the build sent its keys, is one of them (a hash lookup). NULL keys never pass.
 * Columns of another representation go through {@code fallback}.
 */
final class IntegerKeyFilter implements FilterExpression {
    private final int column;
    /** Keys spanning at most this many values are tested in a bitmap (one bit per value in the range). */
    static final long MAX_BITMAP_RANGE = 1L << 23;

    private final long min;
    private final long max;
    private final LongKeySet keys;
    /** Bit {@code v - min} set for every key, when the range is small enough; then {@code keys} is unused. */
    private final long[] bitmap;
    private final FilterExpression fallback;

    IntegerKeyFilter(int column, long min, long max, LongKeySet keys, FilterExpression fallback) {
        this.column = column;
        this.min = min;
        this.max = max;
        this.fallback = fallback;
        long range = max - min; // min <= max, both from 64-bit keys: may overflow, then it is negative
        if (keys != null && range >= 0 && range < MAX_BITMAP_RANGE) {
            long[] bits = new long[(int) (range >>> 6) + 1];
            for (long v : keys.values()) {
                bits[(int) ((v - min) >>> 6)] |= 1L << (v - min);
            }
            this.bitmap = bits;
            this.keys = null;
        } else {
            this.bitmap = null;
            this.keys = keys;
        }
    }

    private boolean passes(long x) {
        if (x < min || x > max) {
            return false;
        }
        if (bitmap != null) {
            long o = x - min;
            return (bitmap[(int) (o >>> 6)] & 1L << o) != 0;
        }
        return keys == null || keys.contains(x);
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        FlatVector v = Flat.of(batch.column(column));
        boolean nulls = v.mayHaveNulls();
        int n = 0;
        switch (v) {
            case LongVector lv -> {
                long[] a = lv.values();
                for (int k = 0; k < count; k++) {
                    int r = rows[k];
                    long x = a[r];
                    if (passes(x) && !(nulls && v.isNull(r))) {
                        out[n++] = r;
                    }
                }
            }
            case IntVector iv -> {
                int[] a = iv.values();
                for (int k = 0; k < count; k++) {
                    int r = rows[k];
                    long x = a[r];
                    if (passes(x) && !(nulls && v.isNull(r))) {
                        out[n++] = r;
                    }
                }
            }
            default -> n = fallback.filter(batch, rows, count, out);
        }
        return n;
    }
}
