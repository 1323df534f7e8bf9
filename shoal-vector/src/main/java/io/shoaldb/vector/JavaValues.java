package io.shoaldb.vector;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Conversions between physical slots and the Java objects documented on {@link io.shoaldb.vector.type.TypeId}.
 * For result sets, literals and tests; hot paths work on the physical arrays.
 */
public final class JavaValues {
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final BigInteger MIN_INT128 = BigInteger.ONE.shiftLeft(127).negate();
    private static final BigInteger MAX_INT128 = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

    private JavaValues() {
    }

    public static Object fromInt(DataType type, int value) {
        return switch (type.id()) {
            case BOOLEAN -> value != 0;
            case DATE -> LocalDate.ofEpochDay(value);
            default -> (long) value;
        };
    }

    public static Object fromLong(DataType type, long value) {
        return switch (type.id()) {
            case DATETIME -> LocalDateTime.ofEpochSecond(Math.floorDiv(value, MICROS_PER_SECOND),
                    (int) Math.floorMod(value, MICROS_PER_SECOND) * 1000, ZoneOffset.UTC);
            case DECIMAL -> BigDecimal.valueOf(value, type.scale());
            default -> value;
        };
    }

    public static Object fromInt128(DataType type, long high, long low) {
        BigInteger v = BigInteger.valueOf(high).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(low)));
        return type.id() == io.shoaldb.vector.type.TypeId.DECIMAL ? new BigDecimal(v, type.scale()) : v;
    }

    /** The int slot for a BOOLEAN, TINYINT, SMALLINT, INT or DATE object, range-checked. */
    public static int toInt(DataType type, Object value) {
        return switch (type.id()) {
            case BOOLEAN -> ((Boolean) value) ? 1 : 0;
            case DATE -> Math.toIntExact(((LocalDate) value).toEpochDay());
            case TINYINT -> (int) checkRange(type, ((Number) value).longValue(), Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT -> (int) checkRange(type, ((Number) value).longValue(), Short.MIN_VALUE, Short.MAX_VALUE);
            default -> (int) checkRange(type, ((Number) value).longValue(), Integer.MIN_VALUE, Integer.MAX_VALUE);
        };
    }

    /** The long slot for a BIGINT, DATETIME or short DECIMAL object. */
    public static long toLong(DataType type, Object value) {
        return switch (type.id()) {
            case DATETIME -> {
                LocalDateTime t = (LocalDateTime) value;
                yield Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), MICROS_PER_SECOND),
                        t.getNano() / 1000);
            }
            case DECIMAL -> unscaled(type, value).longValueExact();
            default -> ((Number) value).longValue();
        };
    }

    /** The 128-bit slot {high, low} for a LARGEINT or long DECIMAL object. */
    public static long[] toInt128(DataType type, Object value) {
        BigInteger v = type.id() == io.shoaldb.vector.type.TypeId.DECIMAL ? unscaled(type, value)
                : value instanceof BigInteger b ? b : BigInteger.valueOf(((Number) value).longValue());
        if (v.compareTo(MIN_INT128) < 0 || v.compareTo(MAX_INT128) > 0) {
            throw ErrorCode.INVALID_VALUE.exception("value " + v + " out of range for " + type);
        }
        return new long[] {v.shiftRight(64).longValue(), v.longValue()};
    }

    private static BigInteger unscaled(DataType type, Object value) {
        BigDecimal d = value instanceof BigDecimal b ? b : new BigDecimal(value.toString());
        try {
            BigInteger u = d.setScale(type.scale(), RoundingMode.UNNECESSARY).unscaledValue();
            if (u.abs().toString().length() > type.precision()) {
                throw ErrorCode.INVALID_VALUE.exception("value " + d + " does not fit " + type);
            }
            return u;
        } catch (ArithmeticException e) {
            throw ErrorCode.INVALID_VALUE.exception("value " + d + " has more fractional digits than " + type);
        }
    }

    private static long checkRange(DataType type, long v, long min, long max) {
        if (v < min || v > max) {
            throw ErrorCode.INVALID_VALUE.exception("value " + v + " out of range for " + type);
        }
        return v;
    }
}
