package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.common.error.ErrorCode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Reads a result value as the Java class its column's type promises (see TypeId), tolerating the obvious
 * neighbours (any Number for integers, LocalDate for DATETIME), so that both row encoders agree on one reading.
 */
final class Values {
    private Values() {
    }

    static long asLong(ResultColumn column, Object value) {
        if (value instanceof Number number) {
            return number.longValue();
        }
        if (value instanceof Boolean bool) {
            return bool ? 1 : 0;
        }
        throw mismatch(column, value);
    }

    static boolean asBoolean(ResultColumn column, Object value) {
        if (value instanceof Boolean bool) {
            return bool;
        }
        return asLong(column, value) != 0;
    }

    static double asDouble(ResultColumn column, Object value) {
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        throw mismatch(column, value);
    }

    static float asFloat(ResultColumn column, Object value) {
        if (value instanceof Number number) {
            return number.floatValue();
        }
        throw mismatch(column, value);
    }

    /** The decimal at the column's scale, as plain digits (never exponent notation, which clients reject). */
    static String decimalText(ResultColumn column, Object value) {
        BigDecimal decimal = switch (value) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Long l -> BigDecimal.valueOf(l);
            case Integer i -> BigDecimal.valueOf(i);
            case Number n -> new BigDecimal(n.toString());
            default -> throw mismatch(column, value);
        };
        return decimal.setScale(column.type().scale(), RoundingMode.HALF_UP).toPlainString();
    }

    static String largeIntText(ResultColumn column, Object value) {
        if (value instanceof BigInteger || value instanceof Long || value instanceof Integer
                || value instanceof Short || value instanceof Byte) {
            return value.toString();
        }
        throw mismatch(column, value);
    }

    static LocalDate asDate(ResultColumn column, Object value) {
        return switch (value) {
            case LocalDate d -> d;
            case LocalDateTime dt -> dt.toLocalDate();
            default -> throw mismatch(column, value);
        };
    }

    static LocalDateTime asDateTime(ResultColumn column, Object value) {
        return switch (value) {
            case LocalDateTime dt -> dt;
            case LocalDate d -> d.atStartOfDay();
            default -> throw mismatch(column, value);
        };
    }

    /** Microseconds of {@code time} cut to the column's fractional digits, as the text form shows them. */
    static int micros(LocalDateTime time, int scale) {
        int micros = time.getNano() / 1000;
        int drop = 1;
        for (int i = scale; i < 6; i++) {
            drop *= 10;
        }
        return micros / drop * drop;
    }

    static String dateText(LocalDate date) {
        StringBuilder out = new StringBuilder(10);
        pad(out, date.getYear(), 4).append('-');
        pad(out, date.getMonthValue(), 2).append('-');
        return pad(out, date.getDayOfMonth(), 2).toString();
    }

    static String dateTimeText(LocalDateTime time, int scale) {
        StringBuilder out = new StringBuilder(26).append(dateText(time.toLocalDate())).append(' ');
        pad(out, time.getHour(), 2).append(':');
        pad(out, time.getMinute(), 2).append(':');
        pad(out, time.getSecond(), 2);
        if (scale > 0) {
            StringBuilder fraction = new StringBuilder(6);
            pad(fraction, time.getNano() / 1000, 6);
            out.append('.').append(fraction, 0, scale);
        }
        return out.toString();
    }

    private static StringBuilder pad(StringBuilder out, int value, int width) {
        String digits = Integer.toString(Math.abs(value));
        if (value < 0) {
            out.append('-');
        }
        out.repeat('0', Math.max(0, width - digits.length()));
        return out.append(digits);
    }

    static String text(ResultColumn column, Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof CharSequence || value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        throw mismatch(column, value);
    }

    private static RuntimeException mismatch(ResultColumn column, Object value) {
        return ErrorCode.INTERNAL_ERROR.exception("column '" + column.name() + "' of type " + column.type()
                + " holds a " + value.getClass().getName());
    }
}
