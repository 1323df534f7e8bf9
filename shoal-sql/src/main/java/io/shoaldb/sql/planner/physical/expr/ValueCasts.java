package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;

/**
 * Conversion of single values between types (the Java objects documented on {@link TypeId}):
 * the planner folds casts of literals with it and fits a literal to the type of the column it is compared with, so the
 * executor compares like with like; the executor uses it for the rare casts without a vectorised kernel.
 */
public final class ValueCasts {
    private static final DateTimeFormatter DATETIME = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd[ HH:mm:ss]")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 6, true).optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter()
            .withResolverStyle(ResolverStyle.STRICT); // 2020-02-30 is no date (NULL), not 2020-02-29
    private static final DateTimeFormatter TEXT_DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final BigInteger MIN_INT128 = BigInteger.ONE.shiftLeft(127).negate();
    private static final BigInteger MAX_INT128 = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

    private ValueCasts() {
    }

    /** What {@link #exact} returns when the value does not convert without loss. */
    public static final Object NO_VALUE = new Object();

    /** {@code value} as {@code to} if it converts without any loss, else {@link #NO_VALUE}. Null converts to null. */
    public static Object exact(Object value, DataType to) {
        if (value == null) {
            return null;
        }
        Object v = convert(value, to, true);
        return v == null ? NO_VALUE : v;
    }

    /** {@code value} as {@code to} the way CAST does (rounding allowed); null when it does not convert. */
    public static Object cast(Object value, DataType to) {
        return value == null ? null : convert(value, to, false);
    }

    private static Object convert(Object value, DataType to, boolean exact) {
        try {
            return switch (to.id()) {
                case BOOLEAN -> value instanceof Boolean b ? b
                        : exact ? null : Boolean.valueOf(decimal(value).signum() != 0);
                case TINYINT -> integer(value, exact, Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SMALLINT -> integer(value, exact, Short.MIN_VALUE, Short.MAX_VALUE);
                case INT -> integer(value, exact, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case BIGINT -> integer(value, exact, Long.MIN_VALUE, Long.MAX_VALUE);
                case LARGEINT -> largeint(value, exact);
                case FLOAT -> {
                    double d = value instanceof Number n ? n.doubleValue() : Double.parseDouble(value.toString().trim());
                    yield exact && (float) d != d ? null : Float.valueOf((float) d);
                }
                case DOUBLE -> value instanceof Number n ? Double.valueOf(n.doubleValue())
                        : Double.valueOf(Double.parseDouble(value.toString().trim()));
                case DECIMAL -> toDecimal(value, to, exact);
                case DATE -> date(value, exact);
                case DATETIME -> datetime(value, to, exact);
                case CHAR, VARCHAR, STRING, JSON -> text(value);
            };
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException | ClassCastException e) {
            return null;
        }
    }

    public static BigDecimal decimal(Object value) {
        return switch (value) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Long l -> BigDecimal.valueOf(l);
            case Integer i -> BigDecimal.valueOf(i);
            case Double d -> new BigDecimal(d.toString());
            case Float f -> new BigDecimal(f.toString());
            case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
            default -> new BigDecimal(value.toString().trim());
        };
    }

    private static Long integer(Object value, boolean exact, long min, long max) {
        // Text must be an integer ('1.5' is NULL, as Doris); numbers drop their fraction.
        BigDecimal d = value instanceof String text ? new BigDecimal(new BigInteger(text.trim())) : decimal(value);
        // CAST to an integer drops the fraction (Doris), it does not round.
        BigDecimal whole = d.setScale(0, exact ? RoundingMode.UNNECESSARY : RoundingMode.DOWN);
        if (whole.compareTo(BigDecimal.valueOf(min)) < 0 || whole.compareTo(BigDecimal.valueOf(max)) > 0) {
            return null;
        }
        return whole.longValueExact();
    }

    private static BigInteger largeint(Object value, boolean exact) {
        BigInteger v = decimal(value).setScale(0, exact ? RoundingMode.UNNECESSARY : RoundingMode.DOWN)
                .toBigIntegerExact();
        return v.compareTo(MIN_INT128) < 0 || v.compareTo(MAX_INT128) > 0 ? null : v;
    }

    private static BigDecimal toDecimal(Object value, DataType to, boolean exact) {
        BigDecimal d = decimal(value).setScale(to.scale(), exact ? RoundingMode.UNNECESSARY : RoundingMode.HALF_UP);
        return d.precision() - d.scale() > to.precision() - to.scale() && d.signum() != 0 ? null : d;
    }

    private static LocalDate date(Object value, boolean exact) {
        return switch (value) {
            case LocalDate d -> d;
            case LocalDateTime t -> exact && !t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT) ? null
                    : t.toLocalDate();
            case String s -> {
                LocalDateTime t = LocalDateTime.parse(s.trim(), DATETIME);
                yield exact && !t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT) ? null : t.toLocalDate();
            }
            default -> null;
        };
    }

    private static LocalDateTime datetime(Object value, DataType to, boolean exact) {
        LocalDateTime t = switch (value) {
            case LocalDateTime x -> x;
            case LocalDate d -> d.atStartOfDay();
            case String s -> LocalDateTime.parse(s.trim(), DATETIME);
            default -> null;
        };
        if (t == null) {
            return null;
        }
        long unit = (long) Math.pow(10, 9 - to.scale());
        long nanos = t.getNano();
        if (nanos % unit != 0) {
            if (exact) {
                return null;
            }
            t = t.withNano((int) (nanos / unit * unit));
        }
        return t;
    }

    private static String text(Object value) {
        return switch (value) {
            case LocalDateTime t -> t.format(TEXT_DATETIME)
                    + (t.getNano() == 0 ? "" : String.format(".%06d", t.getNano() / 1000));
            case BigDecimal d -> d.toPlainString();
            case Boolean b -> b ? "1" : "0";
            default -> value.toString();
        };
    }
}
