package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/** Reads a DATE or DATETIME vector as microseconds since the epoch (a DATE is its midnight). */
final class Temporals {
    private Temporals() {
    }

    static long[] micros(FlatVector v, int n) {
        if (v instanceof LongVector l) {
            return l.values();
        }
        int[] days = ((IntVector) v).values();
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = days[i] * CivilDates.MICROS_PER_DAY;
        }
        return out;
    }
}
