package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * A runtime filter on a 32- or 64-bit key column (integers, dates, decimals): keeps the rows whose key lies in
 * the build's range and, when the build sent its keys, may be one of them ({@link KeyMembership}, shared by the
 * scan drivers). NULL keys never pass. Columns of another representation go through {@code fallback}.
 */
final class IntegerKeyFilter implements FilterExpression {
    private final int column;
    private final long min;
    private final long max;
    /** The build's keys, or null when only the range is known. */
    private final KeyMembership keys;
    private final FilterExpression fallback;
    /** The last batch kept under a tenth or over nine tenths of its rows (one instance per scan driver). */
    private boolean predictable;

    IntegerKeyFilter(int column, long min, long max, KeyMembership keys, FilterExpression fallback) {
        this.column = column;
        this.min = min;
        this.max = max;
        this.keys = keys;
        this.fallback = fallback;
    }

    private boolean passes(long x) {
        return x >= min && x <= max && (keys == null || keys.mayContain(x));
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        FlatVector v = Flat.of(batch.column(column));
        boolean nulls = v.mayHaveNulls();
        if (!nulls && keys instanceof KeyMembership.Bitmap bitmap) {
            // the bitmap covers exactly the build's [min, max]: its test is the whole filter
            int kept = switch (v) {
                case LongVector lv -> bitmap.filter(lv.values(), rows, count, out, predictable);
                case IntVector iv -> bitmap.filter(iv.values(), rows, count, out, predictable);
                default -> fallback.filter(batch, rows, count, out);
            };
            predictable = kept * 10L < count || kept * 10L > count * 9L;
            return kept;
        }
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
