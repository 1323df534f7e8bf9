package io.shoaldb.protocol.mysql.command;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.protocol.mysql.codec.PayloadReader;
import io.shoaldb.protocol.mysql.result.MySqlType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDateTime;

/**
 * Decodes one binary-protocol parameter value to the Java object a Session receives. Integers become Long
 * (an unsigned BIGINT beyond Long.MAX_VALUE a BigInteger), FLOAT Float, DOUBLE Double, DECIMAL BigDecimal,
 * character types String (UTF-8; byte[] if the bytes are not UTF-8), BLOB types byte[] (the client declared
 * binary data), DATE LocalDate,
 * DATETIME/TIMESTAMP LocalDateTime, TIME Duration. MySQL's zero dates have no java.time form and arrive as
 * the Strings "0000-00-00" and "0000-00-00 00:00:00". {@link BinaryParameters} keeps the common values in their
 * wire form and uses this class for the objects.
 */
final class ParameterDecoder {
    static final int UNSIGNED = 0x8000;
    private static final String ZERO_DATE = "0000-00-00";
    private static final String ZERO_DATETIME = "0000-00-00 00:00:00";

    private ParameterDecoder() {
    }

    static Object decode(PayloadReader in, int type) {
        boolean unsigned = (type & UNSIGNED) != 0;
        int code = type & 0xFF;
        return switch (code) {
            case MySqlType.NULL -> null;
            case MySqlType.TINY -> unsigned ? (long) in.int1() : (long) (byte) in.int1();
            case MySqlType.SHORT, MySqlType.YEAR -> unsigned ? (long) in.int2() : (long) (short) in.int2();
            case MySqlType.LONG, MySqlType.INT24 -> unsigned ? in.int4() : (long) (int) in.int4();
            case MySqlType.LONGLONG -> longlong(in.int8(), unsigned);
            case MySqlType.FLOAT -> Float.intBitsToFloat((int) in.int4());
            case MySqlType.DOUBLE -> Double.longBitsToDouble(in.int8());
            case MySqlType.DECIMAL, MySqlType.NEWDECIMAL -> decimal(in.lenencString());
            case MySqlType.VARCHAR, MySqlType.VAR_STRING, MySqlType.STRING, MySqlType.ENUM, MySqlType.SET,
                 MySqlType.JSON -> text(in.lenencBytes());
            case MySqlType.TINY_BLOB, MySqlType.MEDIUM_BLOB, MySqlType.LONG_BLOB, MySqlType.BLOB,
                 MySqlType.GEOMETRY, MySqlType.BIT -> in.lenencBytes();
            case MySqlType.DATE, MySqlType.NEWDATE -> date(in);
            case MySqlType.DATETIME, MySqlType.TIMESTAMP, MySqlType.DATETIME2, MySqlType.TIMESTAMP2 -> dateTime(in);
            case MySqlType.TIME, MySqlType.TIME2 -> time(in);
            default -> throw PayloadReader.malformed("unknown parameter type " + code);
        };
    }

    /** Whether values of this type are binary (byte[]) rather than text (String) when streamed as long data. */
    static boolean isBinary(int type) {
        int code = type & 0xFF;
        return code == MySqlType.TINY_BLOB || code == MySqlType.MEDIUM_BLOB || code == MySqlType.LONG_BLOB
                || code == MySqlType.BLOB || code == MySqlType.GEOMETRY || code == MySqlType.BIT;
    }

    /** A value sent by COM_STMT_SEND_LONG_DATA, as its declared type's class. */
    static Object fromLongData(byte[] data, int type) {
        return isBinary(type) ? data : text(data);
    }

    /**
     * A character-type value as a String; bytes that are not UTF-8 (the connection's character set) can only be
     * binary data, which Connector/J's setBytes sends as VAR_STRING, and stay byte[] so that nothing is lost.
     */
    static Object text(byte[] bytes) {
        if (isAscii(bytes)) {
            // what nearly every value is: valid UTF-8 as it stands, no decoder needed
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return bytes;
        }
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    static Object longlong(long bits, boolean unsigned) {
        if (unsigned && bits < 0) {
            return new BigInteger(Long.toUnsignedString(bits));
        }
        return bits;
    }

    static BigDecimal decimal(String text) {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw ErrorCode.WRONG_ARGUMENTS.exception("mysqld_stmt_execute: '" + text + "' is not a decimal");
        }
    }

    private static Object date(PayloadReader in) {
        Object dateTime = dateTime(in);
        return dateTime instanceof LocalDateTime value ? value.toLocalDate() : ZERO_DATE;
    }

    /** The 0-, 4-, 7- and 11-byte forms: nothing (zero), date, date and time, date and time with microseconds. */
    private static Object dateTime(PayloadReader in) {
        int length = in.int1();
        if (length != 0 && length != 4 && length != 7 && length != 11) {
            throw PayloadReader.malformed("date/time parameter of length " + length);
        }
        if (length == 0) {
            return ZERO_DATETIME;
        }
        int year = in.int2();
        int month = in.int1();
        int day = in.int1();
        int hour = 0;
        int minute = 0;
        int second = 0;
        long micros = 0;
        if (length >= 7) {
            hour = in.int1();
            minute = in.int1();
            second = in.int1();
        }
        if (length == 11) {
            micros = in.int4();
        }
        if (year == 0 && month == 0 && day == 0) {
            return ZERO_DATETIME;
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, Math.toIntExact(micros * 1000));
        } catch (DateTimeException | ArithmeticException e) {
            throw ErrorCode.WRONG_ARGUMENTS.exception("mysqld_stmt_execute: invalid date " + year + "-" + month
                    + "-" + day + " " + hour + ":" + minute + ":" + second + "." + micros);
        }
    }

    /** The 0-, 8- and 12-byte forms: sign, days, hours, minutes, seconds, microseconds. */
    private static Duration time(PayloadReader in) {
        int length = in.int1();
        if (length != 0 && length != 8 && length != 12) {
            throw PayloadReader.malformed("time parameter of length " + length);
        }
        if (length == 0) {
            return Duration.ZERO;
        }
        boolean negative = in.int1() != 0;
        long days = in.int4();
        int hours = in.int1();
        int minutes = in.int1();
        int seconds = in.int1();
        long micros = length == 12 ? in.int4() : 0;
        Duration value = Duration.ofDays(days).plusHours(hours).plusMinutes(minutes).plusSeconds(seconds)
                .plusNanos(micros * 1000);
        return negative ? value.negated() : value;
    }
}
