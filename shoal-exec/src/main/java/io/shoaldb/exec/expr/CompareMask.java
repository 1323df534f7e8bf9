package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.Comparison;

/**
 * A comparison operator as a 3-bit mask over the sign of {@code compare(a, b)}: bit 0 passes "less",
 * bit 1 "equal", bit 2 "greater". Kernels test {@code (mask >> (sign + 1)) & 1}, one typed loop for all
 * six operators without a branch on the operator per row.
 */
final class CompareMask {
    private CompareMask() {
    }

    static int of(Comparison.Op op) {
        return switch (op) {
            case EQ -> 0b010;
            case NE -> 0b101;
            case LT -> 0b001;
            case LE -> 0b011;
            case GT -> 0b100;
            case GE -> 0b110;
        };
    }

    static boolean passes(int mask, int compare) {
        return ((mask >> (Integer.signum(compare) + 1)) & 1) != 0;
    }

    /** SQL numeric comparison of doubles: -0.0 equals 0.0 (unlike {@link Double#compare}). */
    static int compareDouble(double a, double b) {
        return a < b ? -1 : a > b ? 1 : 0;
    }

    static int compare128(long ah, long al, long bh, long bl) {
        int c = Long.compare(ah, bh);
        return c != 0 ? c : Long.compareUnsigned(al, bl);
    }
}
