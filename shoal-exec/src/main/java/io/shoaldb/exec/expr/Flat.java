package io.shoaldb.exec.expr;

import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;

/** Small helpers for kernels that need flat vectors. */
public final class Flat {
    /**
     * 0, 1, 2, ... shared by every reader of {@link #positions}: a batch without a selection is read through it
     * without allocating and filling a fresh array per batch (for a 6M-row scan that was 24 MB and 13% of the CPU).
     * Replaced by a longer one when a bigger batch comes; a reader keeps the array it was given.
     */
    private static volatile int[] ascending = identity(8192);

    private Flat() {
    }

    /** The vector as a flat vector with the same row numbering (dictionary and constant vectors are expanded). */
    public static FlatVector of(ColumnVector v) {
        return v instanceof FlatVector f ? f : v.flatten();
    }

    /**
     * Positions 0..n-1 for a kernel that only READS them: a shared array, possibly longer than {@code n}, which no
     * one may write (callers that filter in place take {@link #identity}).
     */
    public static int[] positions(int n) {
        int[] shared = ascending;
        if (shared.length >= n) {
            return shared;
        }
        int[] longer = identity(Math.max(n, shared.length * 2));
        ascending = longer;
        return longer;
    }

    /** Whether {@code rows} came from {@link #positions}, i.e. row i is position i (dense loops can skip the gather). */
    public static boolean isPositions(int[] rows) {
        return rows == ascending;
    }

    /** A fresh array 0..n-1 that the caller owns and may overwrite. */
    public static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }
}
