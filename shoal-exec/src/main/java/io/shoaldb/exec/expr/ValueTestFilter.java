package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.Validity;

/**
 * A {@link ValueTest} of one column as a filter, read straight from the column at the selected rows: the general
 * filter gathered the selected strings into a new vector and built a BOOLEAN vector before keeping any row (TPC-H
 * Q13's {@code NOT LIKE} copied every order comment). A dictionary vector is tested once per entry when it has no
 * more entries than there are rows to test.
 */
final class ValueTestFilter implements FilterExpression {
    private final int column;
    private final ValueTest test;

    ValueTestFilter(int column, ValueTest test) {
        this.column = column;
        this.test = test;
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        ColumnVector v = batch.column(column);
        return switch (v) {
            case FlatVector f -> flat(f, rows, count, out);
            case DictionaryVector d -> dictionary(d, rows, count, out);
            case ConstantVector c -> passes(c.value(), 0) ? copy(rows, count, out) : 0;
        };
    }

    private boolean passes(FlatVector v, int position) {
        return !v.isNull(position) && test.test(v, position);
    }

    private int flat(FlatVector v, int[] rows, int count, int[] out) {
        int k = 0;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (passes(v, r)) {
                out[k++] = r;
            }
        }
        return k;
    }

    private int dictionary(DictionaryVector d, int[] rows, int count, int[] out) {
        FlatVector dict = d.dictionary();
        int[] ids = d.ids();
        long[] validity = d.validity();
        int k = 0;
        if (dict.size() > count) { // a big dictionary under a few rows: test the rows' entries only
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                if (Validity.isValid(validity, r) && passes(dict, ids[r])) {
                    out[k++] = r;
                }
            }
            return k;
        }
        boolean[] pass = new boolean[dict.size()];
        for (int e = 0; e < pass.length; e++) {
            pass[e] = passes(dict, e);
        }
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (pass[ids[r]] && Validity.isValid(validity, r)) {
                out[k++] = r;
            }
        }
        return k;
    }

    private static int copy(int[] rows, int count, int[] out) {
        if (rows != out) {
            System.arraycopy(rows, 0, out, 0, count);
        }
        return count;
    }
}
