package io.shoaldb.protocol.mysql.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.api.ParameterList.Form;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.mysql.codec.PayloadReader;
import io.shoaldb.protocol.mysql.result.MySqlType;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parameters read where they lie must stand for exactly the objects {@link ParameterDecoder} makes of the same
 * bytes, fail on the same values with the same errors, and give the common values in their wire form.
 */
class BinaryParametersTest {
    /** One value: its type (0x8000 for unsigned) and its encoding. */
    private record Value(int type, byte[] bytes) {
    }

    private static byte[] le(long value, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (value >>> (8 * i));
        }
        return b;
    }

    private static byte[] lenenc(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (text.length < 251) {
            out.write(text.length);
        } else {
            out.write(0xFC);
            out.writeBytes(le(text.length, 2));
        }
        out.writeBytes(text);
        return out.toByteArray();
    }

    private static Value text(int type, String s) {
        return new Value(type, lenenc(s.getBytes(StandardCharsets.UTF_8)));
    }

    private static Value date(int type, int year, int month, int day, int... time) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(time.length == 0 ? 4 : time.length == 3 ? 7 : 11);
        out.writeBytes(le(year, 2));
        out.write(month);
        out.write(day);
        for (int i = 0; i < time.length; i++) {
            out.writeBytes(i < 3 ? new byte[] {(byte) time[i]} : le(time[i], 4));
        }
        return new Value(type, out.toByteArray());
    }

    private static final List<Value> VALUES = List.of(
            new Value(MySqlType.TINY, le(-5, 1)), new Value(MySqlType.TINY | ParameterDecoder.UNSIGNED, le(250, 1)),
            new Value(MySqlType.SHORT, le(-300, 2)), new Value(MySqlType.YEAR, le(2024, 2)),
            new Value(MySqlType.LONG, le(-70000, 4)), new Value(MySqlType.LONG | ParameterDecoder.UNSIGNED, le(0xFFFFFFF0L, 4)),
            new Value(MySqlType.INT24, le(123456, 4)), new Value(MySqlType.LONGLONG, le(Long.MIN_VALUE, 8)),
            new Value(MySqlType.LONGLONG | ParameterDecoder.UNSIGNED, le(-1, 8)),
            new Value(MySqlType.LONGLONG | ParameterDecoder.UNSIGNED, le(42, 8)),
            new Value(MySqlType.FLOAT, le(Float.floatToIntBits(1.5f), 4)),
            new Value(MySqlType.DOUBLE, le(Double.doubleToLongBits(-2.25), 8)),
            text(MySqlType.NEWDECIMAL, "-12.345"), text(MySqlType.NEWDECIMAL, "7"), text(MySqlType.DECIMAL, "0.50"),
            text(MySqlType.NEWDECIMAL, " 1.5 "), text(MySqlType.NEWDECIMAL, "1e3"), text(MySqlType.NEWDECIMAL, ".5"),
            text(MySqlType.NEWDECIMAL, "5."), text(MySqlType.NEWDECIMAL, "+2"), text(MySqlType.NEWDECIMAL, "-"),
            text(MySqlType.VAR_STRING, "plain"), text(MySqlType.STRING, "日本語"), text(MySqlType.VARCHAR, ""),
            text(MySqlType.JSON, "{\"a\":1}"), text(MySqlType.ENUM, "x"),
            new Value(MySqlType.VAR_STRING, lenenc(new byte[] {'a', (byte) 0xFF})),
            text(MySqlType.VAR_STRING, "x".repeat(300)),
            new Value(MySqlType.BLOB, lenenc(new byte[] {1, 2, 3})),
            date(MySqlType.DATE, 2024, 2, 29), date(MySqlType.DATE, 1969, 12, 31, 10, 11, 12),
            new Value(MySqlType.DATE, new byte[] {0}), date(MySqlType.DATE, 0, 0, 0),
            date(MySqlType.DATETIME, 2024, 1, 2, 3, 4, 5, 678), date(MySqlType.TIMESTAMP, 2024, 1, 2),
            new Value(MySqlType.TIME, new byte[] {8, 1, 2, 0, 0, 0, 3, 4, 5}),
            new Value(MySqlType.NULL, new byte[0]));

    private static byte[] payload(List<Value> values, boolean[] nulls) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {9, 9, 9}); // what comes before the values in a real packet
        for (int i = 0; i < values.size(); i++) {
            if (!nulls[i]) {
                out.writeBytes(values.get(i).bytes());
            }
        }
        out.writeBytes(new byte[] {7, 7});
        return out.toByteArray();
    }

    private static PreparedStatementState state(List<Value> values) {
        PreparedStatementState state = new PreparedStatementState(values.size());
        state.types = values.stream().mapToInt(Value::type).toArray();
        return state;
    }

    private static byte[] bitmap(boolean[] nulls) {
        byte[] bitmap = new byte[(nulls.length + 7) / 8];
        for (int i = 0; i < nulls.length; i++) {
            if (nulls[i]) {
                bitmap[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return bitmap;
    }

    private static List<Object> decodedOneByOne(byte[] payload, boolean[] nulls, List<Value> values) {
        PayloadReader in = new PayloadReader(payload, 3);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            out.add(nulls[i] ? null : ParameterDecoder.decode(in, values.get(i).type()));
        }
        return out;
    }

    @Test
    void everyValueStandsForTheObjectTheDecoderMakes() {
        boolean[] nulls = new boolean[VALUES.size()];
        nulls[3] = true;
        nulls[20] = true; // "-", which would not decode, is NULL here
        byte[] payload = payload(VALUES, nulls);
        PayloadReader in = new PayloadReader(payload, 3);
        BinaryParameters parameters = BinaryParameters.read(in, bitmap(nulls), state(VALUES));
        assertThat(in.remaining()).isEqualTo(2);
        List<Object> expected = decodedOneByOne(payload, nulls, VALUES);
        assertThat(parameters).hasSize(VALUES.size());
        for (int i = 0; i < VALUES.size(); i++) {
            Object value = parameters.get(i);
            if (expected.get(i) == null) {
                assertThat(value).as("parameter %d", i).isNull();
                assertThat(parameters.form(i)).isEqualTo(Form.NULL);
                continue;
            }
            assertThat(value).as("parameter %d", i).isInstanceOf(expected.get(i).getClass());
            if (value instanceof byte[] bytes) {
                assertThat(bytes).isEqualTo((byte[]) expected.get(i));
            } else {
                assertThat(value).as("parameter %d", i).isEqualTo(expected.get(i));
            }
        }
    }

    @Test
    void commonValuesKeepTheirWireForm() {
        List<Value> values = List.of(new Value(MySqlType.LONG, le(-7, 4)), text(MySqlType.VAR_STRING, "héllo"),
                text(MySqlType.NEWDECIMAL, "-12.50"), date(MySqlType.DATE, 1970, 1, 3), text(MySqlType.NEWDECIMAL, "1e3"),
                new Value(MySqlType.NULL, new byte[0]));
        boolean[] nulls = new boolean[values.size()];
        byte[] payload = payload(values, nulls);
        BinaryParameters p = BinaryParameters.read(new PayloadReader(payload, 3), bitmap(nulls), state(values));
        assertThat(List.of(p.form(0), p.form(1), p.form(2), p.form(3), p.form(4), p.form(5)))
                .containsExactly(Form.INTEGER, Form.TEXT, Form.DECIMAL, Form.DATE, Form.OBJECT, Form.NULL);
        assertThat(p.longValue(0)).isEqualTo(-7);
        assertThat(p.buffer()).isSameAs(payload);
        assertThat(new String(p.buffer(), p.offset(1), p.length(1), StandardCharsets.UTF_8)).isEqualTo("héllo");
        assertThat(new String(p.buffer(), p.offset(2), p.length(2), StandardCharsets.US_ASCII)).isEqualTo("-12.50");
        assertThat(p.longValue(3)).isEqualTo(2);
        assertThat(p.get(3)).isEqualTo(LocalDate.of(1970, 1, 3));
        assertThat(p.get(4)).isEqualTo(new BigDecimal("1E+3"));
    }

    @Test
    void badValuesFailAsDecodingThemDoes() {
        for (Value bad : List.of(text(MySqlType.NEWDECIMAL, "-"), text(MySqlType.NEWDECIMAL, "1.2.3"),
                date(MySqlType.DATE, 2023, 2, 29), date(MySqlType.DATETIME, 2024, 1, 1, 25, 0, 0),
                new Value(MySqlType.VAR_STRING, new byte[] {10, 'a'}), new Value(200, new byte[] {1}))) {
            List<Value> values = List.of(new Value(MySqlType.LONG, le(1, 4)), bad);
            boolean[] nulls = new boolean[2];
            byte[] payload = Arrays.copyOf(payload(values, nulls), payload(values, nulls).length - 2);
            Throwable expected = catchThrowable(() -> decodedOneByOne(payload, nulls, values));
            assertThat(expected).as(Arrays.toString(bad.bytes())).isInstanceOf(ShoalException.class);
            assertThatThrownBy(() -> BinaryParameters.read(new PayloadReader(payload, 3), bitmap(nulls), state(values)))
                    .isInstanceOf(ShoalException.class).hasMessage(expected.getMessage());
        }
    }

    private static Throwable catchThrowable(Runnable r) {
        try {
            r.run();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
