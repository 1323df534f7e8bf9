package io.shoaldb.ingest.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValueConverterTest {
    private static final ConversionPolicy STRICT = ConversionPolicy.streamLoad(true);

    /** Converts text; returns the Java object, or the failure kind when it did not convert. */
    static Object text(DataType type, String s) {
        return text(type, s, STRICT);
    }

    static Object text(DataType type, String s, ConversionPolicy policy) {
        ValueConverter c = ValueConverter.forType(type, policy);
        VectorBuilder b = VectorBuilder.create(type, 4);
        byte[] bytes = ("xx" + s + "yy").getBytes(StandardCharsets.UTF_8); // off/len must be honoured
        ValueSlot slot = new ValueSlot();
        int len = bytes.length - 4;
        if (!c.convert(bytes, 2, len, b, slot)) {
            assertThat(b.size()).isZero();
            return slot.failure();
        }
        return b.build().getObject(0);
    }

    static Object object(DataType type, Object v) {
        ValueConverter c = ValueConverter.forType(type, STRICT);
        VectorBuilder b = VectorBuilder.create(type, 4);
        ValueSlot slot = new ValueSlot();
        if (!c.parseObject(v, slot)) {
            return slot.failure();
        }
        c.append(slot, b);
        return b.build().getObject(0);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "TINYINT|127|127", "TINYINT|-128|-128", "TINYINT|128|INVALID", "TINYINT|-129|INVALID",
        "SMALLINT|32767|32767", "SMALLINT|32768|INVALID", "SMALLINT|-32768|-32768",
        "INT|2147483647|2147483647", "INT|2147483648|INVALID", "INT|-2147483648|-2147483648",
        "BIGINT|9223372036854775807|9223372036854775807", "BIGINT|9223372036854775808|INVALID",
        "BIGINT|-9223372036854775808|-9223372036854775808", "BIGINT|-9223372036854775809|INVALID",
        "INT|' 42 '|42", "INT|+7|7", "INT|1.9|1", "INT|-1.9|-1", "INT|1.|1", "INT|abc|INVALID", "INT|''|INVALID",
        "INT|1e3|INVALID", "INT|0x10|INVALID", "INT|1,000|INVALID", "INT|-|INVALID", "INT|1.2.3|INVALID",
    })
    void integers(String type, String input, String expected) {
        Object r = text(DataType.class.cast(typeOf(type)), input);
        assertThat(String.valueOf(r)).isEqualTo(expected);
    }

    private static DataType typeOf(String name) {
        return switch (name) {
            case "TINYINT" -> DataType.TINYINT;
            case "SMALLINT" -> DataType.SMALLINT;
            case "INT" -> DataType.INT;
            default -> DataType.BIGINT;
        };
    }

    @Test
    void largeint() {
        assertThat(text(DataType.LARGEINT, "170141183460469231731687303715884105727"))
                .isEqualTo(BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE));
        assertThat(text(DataType.LARGEINT, "-170141183460469231731687303715884105728"))
                .isEqualTo(BigInteger.ONE.shiftLeft(127).negate());
        assertThat(text(DataType.LARGEINT, "170141183460469231731687303715884105728")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.LARGEINT, "-12")).isEqualTo(BigInteger.valueOf(-12));
        assertThat(text(DataType.LARGEINT, "12345678901234567890123.5")).isEqualTo(new BigInteger("12345678901234567890123"));
        assertThat(text(DataType.LARGEINT, "1234567890123456789012x")).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.LARGEINT, new BigInteger("99999999999999999999"))).isEqualTo(new BigInteger("99999999999999999999"));
    }

    @Test
    void floating() {
        assertThat(text(DataType.DOUBLE, "3.25")).isEqualTo(3.25);
        assertThat(text(DataType.DOUBLE, "-0.1")).isEqualTo(-0.1);
        assertThat(text(DataType.DOUBLE, "1e10")).isEqualTo(1e10);
        assertThat(text(DataType.DOUBLE, "0.30000000000000004441")).isEqualTo(Double.parseDouble("0.30000000000000004441"));
        assertThat(text(DataType.DOUBLE, "1e400")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.DOUBLE, "-inf")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat((Double) text(DataType.DOUBLE, "NaN")).isNaN();
        assertThat(text(DataType.DOUBLE, "0x1p3")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.DOUBLE, "1d")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.DOUBLE, ".")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.FLOAT, "1.5")).isEqualTo(1.5f);
        assertThat(text(DataType.FLOAT, "1e39")).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.DOUBLE, 2.5f)).isEqualTo(2.5);
    }

    @Test
    void exactFastPathAgreesWithJava() {
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 20_000; i++) {
            String s = (r.nextBoolean() ? "-" : "") + r.nextInt(1_000_000) + "." + r.nextInt(1_000_000_000);
            assertThat(text(DataType.DOUBLE, s)).as(s).isEqualTo(Double.parseDouble(s));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "5|2|123.456|123.46", "5|2|123.454|123.45", "5|2|-123.455|-123.46", "5|2|999.994|999.99",
        "5|2|999.995|INVALID", "5|2|1000|INVALID", "5|2|0.005|0.01", "5|2|0.004|0.00", "5|2|.5|0.50",
        "5|2|1.5e2|150.00", "5|2|15e-1|1.50", "5|2|abc|INVALID", "5|2|1.2.3|INVALID", "5|2|''|INVALID",
        "5|2|' -0012.3 '|-12.30", "5|0|12345|12345", "5|0|12345.5|12346", "5|0|99999.5|INVALID", "5|5|0.123456|0.12346",
        "18|4|99999999999999.9999|99999999999999.9999", "18|4|999999999999999|INVALID",
        "38|10|1234567890123456789012345678.0123456789|1234567890123456789012345678.0123456789",
        "38|10|-1234567890123456789012345678.01234567895|-1234567890123456789012345678.0123456790",
        "38|10|12345678901234567890123456789|INVALID", "27|9|1e-10|0E-9",
    })
    void decimals(int p, int s, String input, String expected) {
        Object r = text(DataType.decimal(p, s), input);
        assertThat(r instanceof BigDecimal d ? d.toString() : String.valueOf(r)).isEqualTo(expected);
    }

    /** Decimals of the plain shape (read straight into the unscaled value) and just outside it, against BigDecimal. */
    @Test
    void plainDecimalsAgreeWithBigDecimal() {
        java.util.Random r = new java.util.Random(11);
        for (int i = 0; i < 50_000; i++) {
            int p = 1 + r.nextInt(18);
            int s = r.nextInt(p + 1);
            StringBuilder text = new StringBuilder(r.nextInt(4) == 0 ? "-" : "");
            int integerDigits = r.nextInt(p - s + 2); // one over the limit now and then, and none
            for (int d = 0; d < integerDigits; d++) {
                text.append((char) ('0' + r.nextInt(10)));
            }
            if (integerDigits == 0 || r.nextBoolean()) {
                text.append('.');
                int fractionDigits = r.nextInt(s + 2); // one over the scale (rounded) now and then
                for (int d = 0; d < fractionDigits; d++) {
                    text.append((char) ('0' + r.nextInt(10)));
                }
            }
            Object expected;
            try {
                BigDecimal d = new BigDecimal(text.toString()).setScale(s, java.math.RoundingMode.HALF_UP);
                expected = d.unscaledValue().abs().compareTo(BigDecimal.TEN.pow(p).toBigInteger()) >= 0
                        ? Failure.INVALID : d;
            } catch (NumberFormatException notANumber) {
                expected = Failure.INVALID; // "-", ".", "-."
            }
            assertThat(text(DataType.decimal(p, s), text.toString())).as("%s as decimal(%d,%d)", text, p, s)
                    .isEqualTo(expected);
        }
    }

    @Test
    void decimalFromObjects() {
        assertThat(object(DataType.decimal(5, 2), new BigDecimal("1.005"))).isEqualTo(new BigDecimal("1.01"));
        assertThat(object(DataType.decimal(5, 2), 12L)).isEqualTo(new BigDecimal("12.00"));
        assertThat(object(DataType.decimal(5, 2), 1234L)).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.decimal(5, 2), "7.1")).isEqualTo(new BigDecimal("7.10"));
    }

    @Test
    void booleans() {
        assertThat(text(DataType.BOOLEAN, "true")).isEqualTo(true);
        assertThat(text(DataType.BOOLEAN, "FALSE")).isEqualTo(false);
        assertThat(text(DataType.BOOLEAN, "1")).isEqualTo(true);
        assertThat(text(DataType.BOOLEAN, "0")).isEqualTo(false);
        assertThat(text(DataType.BOOLEAN, "2")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.BOOLEAN, "yes")).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.BOOLEAN, Boolean.TRUE)).isEqualTo(true);
        assertThat(object(DataType.BOOLEAN, 5L)).isEqualTo(true);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2024-01-02|2024-01-02", "20240102|2024-01-02", "2024/1/2|2024-01-02", "2024.01.02|2024-01-02",
        "24-01-02|2024-01-02", "99-01-02|1999-01-02", "2024-01-02 03:04:05|2024-01-02", "2024-02-29|2024-02-29",
        "2023-02-29|INVALID", "2024-02-30|INVALID", "2024-13-01|INVALID", "2024-00-10|INVALID", "0000-01-01|0000-01-01",
        "9999-12-31|9999-12-31", "2024-01|INVALID", "2024-01-02x|INVALID", "''|INVALID", "1900-02-29|INVALID",
        "2000-02-29|2000-02-29", "1969-12-31|1969-12-31",
    })
    void dates(String input, String expected) {
        assertThat(String.valueOf(text(DataType.DATE, input))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0|2024-01-02 03:04:05|2024-01-02T03:04:05", "0|2024-01-02T03:04:05|2024-01-02T03:04:05",
        "0|2024-01-02|2024-01-02T00:00", "0|20240102030405|2024-01-02T03:04:05", "0|2024-1-2 3:4:5|2024-01-02T03:04:05",
        "6|2024-01-02 03:04:05.123456|2024-01-02T03:04:05.123456", "3|2024-01-02 03:04:05.123456|2024-01-02T03:04:05.123",
        "3|2024-01-02 03:04:05.1235|2024-01-02T03:04:05.124", "0|2024-01-02 03:04:05.5|2024-01-02T03:04:06",
        "0|2024-12-31 23:59:59.9|2025-01-01T00:00", "6|2024-01-02 03:04:05.1|2024-01-02T03:04:05.100",
        "0|2024-01-02 24:00:00|INVALID", "0|2024-01-02 23:60:00|INVALID", "0|2024-01-02 03:04:05 PM|INVALID",
        "0|2024-01-02 03:04|2024-01-02T03:04", "0|1960-06-01 12:00:00|1960-06-01T12:00",
    })
    void datetimes(int scale, String input, String expected) {
        assertThat(String.valueOf(text(DataType.datetime(scale), input))).isEqualTo(expected);
    }

    @Test
    void temporalObjects() {
        assertThat(object(DataType.DATE, LocalDate.of(2024, 3, 1))).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(object(DataType.datetime(0), LocalDate.of(2024, 3, 1))).isEqualTo(LocalDateTime.of(2024, 3, 1, 0, 0));
        assertThat(object(DataType.datetime(3), LocalDateTime.of(2024, 3, 1, 1, 2, 3, 123_456_789)))
                .isEqualTo(LocalDateTime.of(2024, 3, 1, 1, 2, 3, 123_000_000));
        assertThat(object(DataType.DATE, LocalDateTime.of(2024, 3, 1, 1, 2))).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(object(DataType.DATE, "2024-02-30")).isEqualTo(Failure.INVALID);
    }

    @Test
    void stringsCountBytes() {
        assertThat(text(DataType.varchar(3), "abc")).isEqualTo("abc");
        assertThat(text(DataType.varchar(3), "abcd")).isEqualTo(Failure.TOO_LONG);
        assertThat(text(DataType.varchar(3), "中")).isEqualTo("中");
        assertThat(text(DataType.varchar(5), "中文")).isEqualTo(Failure.TOO_LONG); // 6 bytes
        assertThat(text(DataType.charType(2), "ab")).isEqualTo("ab");
        assertThat(text(DataType.varchar(5), "中文", ConversionPolicy.insert(false))).isEqualTo("中"); // cut on a char
        assertThat(text(DataType.varchar(5), "abcdefg", ConversionPolicy.insert(false))).isEqualTo("abcde");
        assertThat(text(DataType.varchar(5), "abcdefg", ConversionPolicy.insert(true))).isEqualTo(Failure.TOO_LONG);
        assertThat(text(DataType.STRING, "")).isEqualTo("");
        assertThat(object(DataType.STRING, new BigDecimal("1.50"))).isEqualTo("1.50");
        assertThat(object(DataType.STRING, 2.0)).isEqualTo("2");
        assertThat(object(DataType.STRING, LocalDateTime.of(2024, 1, 2, 3, 4, 5))).isEqualTo("2024-01-02 03:04:05");
    }

    @Test
    void invalidUtf8IsAFailure() {
        byte[] bad = {'a', (byte) 0xC3, 'b'};
        ValueSlot slot = new ValueSlot();
        assertThat(ValueConverter.forType(DataType.STRING, STRICT).parse(bad, 0, 3, slot)).isFalse();
        assertThat(slot.failure()).isEqualTo(Failure.INVALID);
        byte[] overlong = {(byte) 0xC0, (byte) 0x80};
        assertThat(Utf8.isValid(overlong, 0, 2)).isFalse();
        byte[] surrogate = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
        assertThat(Utf8.isValid(surrogate, 0, 3)).isFalse();
        assertThat(Utf8.isValid("ok 中 😀".getBytes(StandardCharsets.UTF_8), 0, "ok 中 😀".getBytes(StandardCharsets.UTF_8).length)).isTrue();
    }

    @Test
    void aBadByteIsFoundWhereverItLiesInALongAsciiValue() {
        byte[] text = "the quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.UTF_8);
        for (int off = 0; off < 3; off++) {
            int len = text.length - off;
            assertThat(Utf8.isValid(text, off, len)).isTrue();
            for (int at = off; at < text.length; at++) {
                byte[] bad = text.clone();
                bad[at] = (byte) 0xC3; // a lead byte followed by ASCII
                assertThat(Utf8.isValid(bad, off, len)).as("bad byte at %d, range from %d", at, off).isFalse();
                assertThat(Utf8.isValid(bad, at + 1, text.length - at - 1)).as("range after the bad byte").isTrue();
            }
        }
        byte[] multiByteLate = "ascii ascii ascii 中".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.isValid(multiByteLate, 0, multiByteLate.length)).isTrue();
        assertThat(Utf8.isValid(multiByteLate, 0, multiByteLate.length - 1)).as("a cut character").isFalse();
    }

    @Test
    void json() {
        assertThat(text(DataType.JSON, "{\"a\": [1, 2]}")).isEqualTo("{\"a\": [1, 2]}");
        assertThat(text(DataType.JSON, "42")).isEqualTo("42");
        assertThat(text(DataType.JSON, "{\"a\": 1")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.JSON, "{} {}")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.JSON, "")).isEqualTo(Failure.INVALID);
        assertThat(text(DataType.JSON, "abc")).isEqualTo(Failure.INVALID);
    }

    @Test
    void integersFromObjects() {
        assertThat(object(DataType.TINYINT, 127L)).isEqualTo(127L);
        assertThat(object(DataType.TINYINT, 128L)).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.INT, new BigDecimal("12.9"))).isEqualTo(12L);
        assertThat(object(DataType.INT, 12.9)).isEqualTo(12L);
        assertThat(object(DataType.INT, Double.NaN)).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.BIGINT, new BigInteger("9223372036854775808"))).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.INT, "77")).isEqualTo(77L);
        assertThat(object(DataType.INT, "77".getBytes(StandardCharsets.UTF_8))).isEqualTo(77L);
        assertThat(object(DataType.INT, true)).isEqualTo(1L);
        assertThat(object(DataType.INT, LocalDate.of(2024, 1, 1))).isEqualTo(Failure.INVALID);
        assertThat(object(DataType.INT, null)).isNull();
    }
}
