package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * {@code column op column} of two INT-like or two BIGINT-like columns (TPC-H's {@code l_commitdate < l_receiptdate}),
 * straight on both columns' arrays at the selected rows. The general filter gathered both columns into new
 * vectors and built a BOOLEAN vector first; other representations (dictionary, constant, other types) still take
 * it.
 */
final class ColumnColumnFilter implements FilterExpression {
    private final int left;
    private final int right;
    private final Comparison.Op op;
    private final FilterExpression general;

    ColumnColumnFilter(int left, int right, Comparison.Op op, FilterExpression general) {
        this.left = left;
        this.right = right;
        this.op = op;
        this.general = general;
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        ColumnVector a = batch.column(left);
        ColumnVector b = batch.column(right);
        int k;
        long[] va;
        long[] vb;
        if (a instanceof IntVector x && b instanceof IntVector y) {
            k = ints(x.values(), y.values(), rows, count, out);
            va = x.validity();
            vb = y.validity();
        } else if (a instanceof LongVector x && b instanceof LongVector y) {
            k = longs(x.values(), y.values(), rows, count, out);
            va = x.validity();
            vb = y.validity();
        } else {
            return general.filter(batch, rows, count, out);
        }
        k = va == null ? k : ColumnConstantFilter.dropNulls(va, out, k);
        return vb == null ? k : ColumnConstantFilter.dropNulls(vb, out, k);
    }

    /** One branch-free loop per operator, as in {@link ColumnConstantFilter}. */
    private int ints(int[] a, int[] b, int[] rows, int count, int[] out) {
        int k = 0;
        switch (op) {
            case EQ -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] == b[r] ? 1 : 0;
                }
            }
            case NE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] != b[r] ? 1 : 0;
                }
            }
            case LT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] < b[r] ? 1 : 0;
                }
            }
            case LE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] <= b[r] ? 1 : 0;
                }
            }
            case GT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] > b[r] ? 1 : 0;
                }
            }
            case GE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] >= b[r] ? 1 : 0;
                }
            }
        }
        return k;
    }

    private int longs(long[] a, long[] b, int[] rows, int count, int[] out) {
        int k = 0;
        switch (op) {
            case EQ -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] == b[r] ? 1 : 0;
                }
            }
            case NE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] != b[r] ? 1 : 0;
                }
            }
            case LT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] < b[r] ? 1 : 0;
                }
            }
            case LE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] <= b[r] ? 1 : 0;
                }
            }
            case GT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] > b[r] ? 1 : 0;
                }
            }
            case GE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] >= b[r] ? 1 : 0;
                }
            }
        }
        return k;
    }
}
