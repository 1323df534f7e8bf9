package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;

/**
 * Checks a DEFAULT clause against its column, so a bad default fails at CREATE/ALTER time and not at the
 * first load: the literal must parse as the column type and fit it, DEFAULT NULL needs a nullable column,
 * and CURRENT_TIMESTAMP needs a DATETIME column (as Doris). Failures are INVALID_DEFAULT.
 */
public final class DefaultValues {
    private static final DateTimeFormatter DATETIME = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd")
            .optionalStart().appendPattern(" HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 6, true).optionalEnd()
            .optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
            .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
            .toFormatter()
            .withResolverStyle(ResolverStyle.STRICT);
    private static final BigInteger LARGEINT_MAX = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
    private static final BigInteger LARGEINT_MIN = BigInteger.ONE.shiftLeft(127).negate();

    private DefaultValues() {
    }

    public static void check(String column, DataType type, boolean nullable, ColumnDefault value) {
        if (value == null) {
            return;
        }
        boolean ok = switch (value.kind()) {
            case NULL -> nullable;
            case CURRENT_TIMESTAMP -> type.id() == TypeId.DATETIME;
            case LITERAL -> literalFits(type, value.literal());
        };
        if (!ok) {
            throw ErrorCode.INVALID_DEFAULT.exception(column);
        }
    }

    private static boolean literalFits(DataType type, String text) {
        try {
            return switch (type.id()) {
                case BOOLEAN -> text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")
                        || text.equals("0") || text.equals("1");
                case TINYINT -> inRange(new BigInteger(text.trim()), Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SMALLINT -> inRange(new BigInteger(text.trim()), Short.MIN_VALUE, Short.MAX_VALUE);
                case INT -> inRange(new BigInteger(text.trim()), Integer.MIN_VALUE, Integer.MAX_VALUE);
                case BIGINT -> inRange(new BigInteger(text.trim()), Long.MIN_VALUE, Long.MAX_VALUE);
                case LARGEINT -> {
                    BigInteger v = new BigInteger(text.trim());
                    yield v.compareTo(LARGEINT_MIN) >= 0 && v.compareTo(LARGEINT_MAX) <= 0;
                }
                case FLOAT -> Float.isFinite(Float.parseFloat(text.trim()));
                case DOUBLE -> Double.isFinite(Double.parseDouble(text.trim()));
                case DECIMAL -> {
                    BigDecimal v = new BigDecimal(text.trim());
                    // Extra fractional digits round (as Doris casts); integer digits must fit.
                    yield v.precision() - v.scale() <= type.precision() - type.scale();
                }
                case DATE -> {
                    LocalDate.parse(text.trim());
                    yield true;
                }
                case DATETIME -> {
                    LocalDateTime.parse(text.trim(), DATETIME);
                    yield true;
                }
                case CHAR, VARCHAR -> text.codePointCount(0, text.length()) <= type.length();
                case STRING -> text.length() <= DataType.MAX_STRING_BYTES;
                // Doris has no literal defaults for JSON columns.
                case JSON -> false;
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            return false;
        }
    }

    private static boolean inRange(BigInteger v, long min, long max) {
        return v.compareTo(BigInteger.valueOf(min)) >= 0 && v.compareTo(BigInteger.valueOf(max)) <= 0;
    }
}
