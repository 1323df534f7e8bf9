package io.shoaldb.exec.expr;

import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;

/** Small helpers for kernels that need flat vectors. */
public final class Flat {
    private Flat() {
    }

    /** The vector as a flat vector with the same row numbering (dictionary and constant vectors are expanded). */
    public static FlatVector of(ColumnVector v) {
        return v instanceof FlatVector f ? f : v.flatten();
    }

    public static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }
}
