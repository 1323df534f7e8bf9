package io.shoaldb.testing.tpc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Objects;

/**
 * When a value from ShoalDB counts as the reference's value.
 * <ul>
 *   <li>Two exact numbers (integers, DECIMAL): numerically equal, whatever the scale ({@code 1.50 = 1.5}).</li>
 *   <li>An exact number and a double (an engine computed AVG or a division as DOUBLE, the other as DECIMAL):
 *       the double rounded half-up to the decimal's scale is within one unit of that scale of it (to the cent
 *       for money, to 10^-4 for ShoalDB's DECIMAL averages), so the engines may round differently but
 *       not compute differently.</li>
 *   <li>Two doubles: within a relative 1e-9 (sums in different order differ in the last bits).</li>
 *   <li>Anything else: equal values of the same kind (dates, text, NULL only equals NULL).</li>
 * </ul>
 */
final class ValueMatch {
    private static final double RELATIVE = 1e-9;

    private ValueMatch() {
    }

    static boolean rowsMatch(List<Object> expected, List<Object> actual) {
        if (expected.size() != actual.size()) {
            return false;
        }
        for (int i = 0; i < expected.size(); i++) {
            if (!matches(expected.get(i), actual.get(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean matches(Object expected, Object actual) {
        if (expected == null || actual == null) {
            return expected == actual;
        }
        if (expected instanceof BigDecimal e && actual instanceof BigDecimal a) {
            return e.compareTo(a) == 0;
        }
        if (expected instanceof BigDecimal e && actual instanceof Double a) {
            return decimalMatchesDouble(e, a);
        }
        if (expected instanceof Double e && actual instanceof BigDecimal a) {
            return decimalMatchesDouble(a, e);
        }
        if (expected instanceof Double e && actual instanceof Double a) {
            return Math.abs(e - a) <= RELATIVE * Math.max(Math.abs(e), Math.abs(a)) || e.equals(a);
        }
        return Objects.equals(expected, actual);
    }

    private static boolean decimalMatchesDouble(BigDecimal decimal, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return false;
        }
        int scale = Math.max(decimal.scale(), 0);
        BigDecimal rounded = new BigDecimal(d).setScale(scale, RoundingMode.HALF_UP);
        return rounded.subtract(decimal).abs().compareTo(BigDecimal.ONE.movePointLeft(scale)) <= 0;
    }

    /**
     * A text form that sorts rows of one tie group into the same order on both sides: numbers rounded to
     * the cent (so that a double and a decimal of the same value sort alike), everything else as printed.
     */
    static String sortKey(List<Object> row) {
        StringBuilder key = new StringBuilder();
        for (Object v : row) {
            key.append(switch (v) {
                case null -> "\u0000NULL";
                case BigDecimal d -> d.setScale(2, RoundingMode.HALF_UP).toPlainString();
                case Double d -> Double.isFinite(d)
                        ? new BigDecimal(d).setScale(2, RoundingMode.HALF_UP).toPlainString() : d.toString();
                default -> v.toString();
            }).append('\u0001');
        }
        return key.toString();
    }
}
