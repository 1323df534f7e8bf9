package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/**
 * The common filter {@code column op constant}, straight on the column's arrays and the selection: no
 * intermediate vectors. Dictionary vectors are tested once per dictionary entry, constants once.
 */
final class ColumnConstantFilter implements FilterExpression {
    private final int column;
    private final int mask;
    private final Comparison.Op op;
    private final long longValue;
    private final double doubleValue;
    private final long high;
    private final long low;
    private final BytesVector bytes;

    ColumnConstantFilter(int column, Comparison.Op op, DataType type, Object value) {
        this.column = column;
        this.op = op;
        this.mask = CompareMask.of(op);
        VectorBuilder b = VectorBuilder.create(type, 1);
        b.appendObject(value);
        FlatVector v = b.build();
        this.longValue = switch (v) {
            case IntVector x -> x.getInt(0);
            case LongVector x -> x.getLong(0);
            default -> 0;
        };
        this.doubleValue = switch (v) {
            case DoubleVector x -> x.getDouble(0);
            case FloatVector x -> x.getFloat(0);
            default -> 0;
        };
        this.high = v instanceof Int128Vector x ? x.getHigh(0) : 0;
        this.low = v instanceof Int128Vector x ? x.getLow(0) : 0;
        this.bytes = v instanceof BytesVector x ? x : null;
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        ColumnVector v = batch.column(column);
        return switch (v) {
            case FlatVector f -> flat(f, rows, count, out);
            case DictionaryVector d -> dictionary(d, rows, count, out);
            case ConstantVector c -> flat(c.value(), new int[] {0}, 1, new int[1]) == 1 ? copy(rows, count, out) : 0;
        };
    }

    private static int copy(int[] rows, int count, int[] out) {
        if (rows != out) {
            System.arraycopy(rows, 0, out, 0, count);
        }
        return count;
    }

    private int dictionary(DictionaryVector d, int[] rows, int count, int[] out) {
        FlatVector dict = d.dictionary();
        int[] entries = Flat.identity(dict.size());
        int passing = flat(dict, entries, entries.length, entries);
        boolean[] pass = new boolean[dict.size()];
        for (int i = 0; i < passing; i++) {
            pass[entries[i]] = true;
        }
        int[] ids = d.ids();
        long[] validity = d.validity();
        int k = 0;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (pass[ids[r]] && Validity.isValid(validity, r)) {
                out[k++] = r;
            }
        }
        return k;
    }

    private int flat(FlatVector v, int[] rows, int count, int[] out) {
        long[] valid = v.validity();
        int k = 0;
        switch (v) {
            case IntVector x -> k = ints(x.values(), (int) longValue, rows, count, out);
            case LongVector x -> k = longs(x.values(), longValue, rows, count, out);
            case DoubleVector x -> {
                double[] a = x.values();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += CompareMask.passes(mask, CompareMask.compareDouble(a[r], doubleValue)) ? 1 : 0;
                }
            }
            case FloatVector x -> {
                float[] a = x.values();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += CompareMask.passes(mask, CompareMask.compareDouble(a[r], doubleValue)) ? 1 : 0;
                }
            }
            case Int128Vector x -> {
                long[] h = x.highs();
                long[] l = x.lows();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += CompareMask.passes(mask, CompareMask.compare128(h[r], l[r], high, low)) ? 1 : 0;
                }
            }
            case BytesVector x -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += CompareMask.passes(mask, BytesVector.compare(x, r, bytes, 0)) ? 1 : 0;
                }
            }
        }
        return valid == null ? k : dropNulls(valid, out, k);
    }

    /** One branch-free loop per operator: the operator is not tested per row (Q1's {@code l_shipdate <= date}). */
    private int ints(int[] a, int c, int[] rows, int count, int[] out) {
        int k = 0;
        switch (op) {
            case EQ -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] == c ? 1 : 0;
                }
            }
            case NE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] != c ? 1 : 0;
                }
            }
            case LT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] < c ? 1 : 0;
                }
            }
            case LE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] <= c ? 1 : 0;
                }
            }
            case GT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] > c ? 1 : 0;
                }
            }
            case GE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] >= c ? 1 : 0;
                }
            }
        }
        return k;
    }

    private int longs(long[] a, long c, int[] rows, int count, int[] out) {
        int k = 0;
        switch (op) {
            case EQ -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] == c ? 1 : 0;
                }
            }
            case NE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] != c ? 1 : 0;
                }
            }
            case LT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] < c ? 1 : 0;
                }
            }
            case LE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] <= c ? 1 : 0;
                }
            }
            case GT -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] > c ? 1 : 0;
                }
            }
            case GE -> {
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    out[k] = r;
                    k += a[r] >= c ? 1 : 0;
                }
            }
        }
        return k;
    }

    /** Null slots hold 0 and may have passed the value test; remove them (only when the vector has nulls). */
    static int dropNulls(long[] validity, int[] rows, int count) {
        int k = 0;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if ((validity[r >>> 6] & (1L << r)) != 0) {
                rows[k++] = r;
            }
        }
        return k;
    }
}
