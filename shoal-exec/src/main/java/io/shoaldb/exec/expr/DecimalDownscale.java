package io.shoaldb.exec.expr;

import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigInteger;

/**
 * CAST of a 128-bit DECIMAL to a 128-bit DECIMAL of a smaller scale (TPC-H Q11's
 * {@code CAST(total * 0.0001 AS DECIMAL(38,2))}, once per group), on the two words of each value instead of a
 * BigDecimal per row: the magnitude plus half a unit of the new scale, divided by 10^(scale difference) - HALF_UP
 * as {@code ValueCasts} rounds - and a value with more digits than the target's precision is NULL, as there.
 */
final class DecimalDownscale {
    /** 10^i for i = 0..38 as {high, low} words. */
    private static final long[][] POWERS = new long[39][];
    /** Half a unit of the new scale when dropping i digits: 5 x 10^(i-1) as {high, low} words (i = 1..38). */
    private static final long[][] HALVES = new long[39][];
    /** The largest divisor taken in one step: its quotient digits stay below 2^32. */
    private static final int STEP_DIGITS = 9;

    static {
        for (int i = 0; i < POWERS.length; i++) {
            BigInteger p = BigInteger.TEN.pow(i);
            POWERS[i] = words(p);
            HALVES[i] = i == 0 ? new long[2] : words(p.divide(BigInteger.TWO));
        }
    }

    private DecimalDownscale() {
    }

    /** Whether {@code from} to {@code to} is a cast this class does: both DECIMALs of 128 bits, to a smaller scale. */
    static boolean applies(DataType from, DataType to) {
        return from.id() == TypeId.DECIMAL && to.id() == TypeId.DECIMAL && PhysicalType.of(from) == PhysicalType.INT128
                && PhysicalType.of(to) == PhysicalType.INT128 && from.scale() > to.scale();
    }

    static Int128Vector cast(Int128Vector in, DataType to, int n) {
        int digits = in.type().scale() - to.scale();
        long[] limit = POWERS[to.precision()];
        long[] half = HALVES[digits];
        long[] inHigh = in.highs();
        long[] inLow = in.lows();
        long[] high = new long[n];
        long[] low = new long[n];
        long[] validity = Nulls.copy(in.validity(), n);
        long[] word = new long[2];
        for (int i = 0; i < n; i++) {
            long h = inHigh[i];
            long l = inLow[i];
            boolean negative = h < 0;
            if (negative) {
                l = -l;
                h = ~h + (l == 0 ? 1 : 0);
            }
            word[1] = l + half[1];
            word[0] = h + half[0] + (Long.compareUnsigned(word[1], l) < 0 ? 1 : 0);
            for (int left = digits; left > 0; left -= STEP_DIGITS) {
                divide(word, POWERS[Math.min(left, STEP_DIGITS)][1]);
            }
            if (Long.compareUnsigned(word[0], limit[0]) > 0
                    || (word[0] == limit[0] && Long.compareUnsigned(word[1], limit[1]) >= 0)) {
                validity = Nulls.setNull(validity, i, n);
                continue;
            }
            if (negative) {
                low[i] = -word[1];
                high[i] = ~word[0] + (word[1] == 0 ? 1 : 0);
            } else {
                low[i] = word[1];
                high[i] = word[0];
            }
        }
        return new Int128Vector(to, n, high, low, validity);
    }

    /** {@code word} (unsigned 128 bits as {high, low}) divided by {@code d} below 2^32, truncated, in place. */
    private static void divide(long[] word, long d) {
        long high = Long.divideUnsigned(word[0], d);
        long r = Long.remainderUnsigned(word[0], d);
        long upper = (r << 32) | (word[1] >>> 32);
        long q1 = Long.divideUnsigned(upper, d);
        r = upper - q1 * d;
        long lower = (r << 32) | (word[1] & 0xFFFF_FFFFL);
        long q0 = Long.divideUnsigned(lower, d);
        word[0] = high;
        word[1] = (q1 << 32) | q0;
    }

    private static long[] words(BigInteger v) {
        return new long[] {v.shiftRight(64).longValue(), v.longValue()};
    }
}
