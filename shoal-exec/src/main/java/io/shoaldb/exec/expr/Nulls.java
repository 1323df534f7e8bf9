package io.shoaldb.exec.expr;

import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.Validity;

/** Validity bitmaps of computed vectors: a result is NULL where any operand is. */
public final class Nulls {
    private Nulls() {
    }

    /** The validity of {@code a op b}: null (no nulls) when neither operand has nulls; a fresh bitmap otherwise. */
    public static long[] both(FlatVector a, FlatVector b, int size) {
        long[] x = a.validity();
        long[] y = b.validity();
        if (x == null && y == null) {
            return null;
        }
        long[] out = Validity.allValid(size, size);
        for (int w = 0; w < out.length; w++) {
            out[w] &= (x == null ? -1L : x[w]) & (y == null ? -1L : y[w]);
        }
        return out;
    }

    public static long[] copy(long[] v, int size) {
        if (v == null) {
            return null;
        }
        long[] out = Validity.allValid(size, size);
        for (int w = 0; w < out.length; w++) {
            out[w] &= v[w];
        }
        return out;
    }

    /** Marks {@code row} null, allocating the bitmap on the first null. */
    public static long[] setNull(long[] validity, int row, int size) {
        long[] v = validity == null ? Validity.allValid(size, size) : validity;
        Validity.setNull(v, row);
        return v;
    }
}
