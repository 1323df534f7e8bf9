package io.shoaldb.protocol.mysql.command;

import io.shoaldb.api.ParameterList;
import io.shoaldb.protocol.mysql.codec.PayloadReader;
import io.shoaldb.protocol.mysql.result.MySqlType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * The parameter values of one COM_STMT_EXECUTE, read where they lie in its payload. Integers, character data,
 * plainly written decimals and dates - what a batch of INSERTs is made of - stay a long or a range of the payload
 * until someone asks {@link #get} for their object; the other types are decoded to their objects at once by
 * {@link ParameterDecoder}. Every value is checked as it is read, as decoding it would check it, so a malformed
 * value fails the execution before it runs, with the same error.
 */
final class BinaryParameters extends ParameterList {
    private final byte[] payload;
    private final Form[] forms;
    private final long[] longs;
    private final int[] offsets;
    private final int[] lengths;
    private final Object[] objects;

    private BinaryParameters(byte[] payload, int count) {
        this.payload = payload;
        forms = new Form[count];
        longs = new long[count];
        offsets = new int[count];
        lengths = new int[count];
        objects = new Object[count];
    }

    /**
     * Reads the values after the NULL bitmap and types: parameter {@code i} is NULL when its bit in {@code nulls}
     * is set, else of {@code state.types[i]} (or the data COM_STMT_SEND_LONG_DATA streamed for it).
     */
    static BinaryParameters read(PayloadReader in, byte[] nulls, PreparedStatementState state) {
        int count = state.parameterCount;
        BinaryParameters values = new BinaryParameters(in.buffer(), count);
        for (int i = 0; i < count; i++) {
            if ((nulls[i / 8] & 1 << (i % 8)) != 0) {
                values.forms[i] = Form.NULL;
            } else if (state.types == null) {
                // Connector/J sends no types while every parameter is NULL: NULL needs none; a value does.
                throw PayloadReader.malformed("parameters were never bound with types");
            } else if (state.hasLongData(i)) {
                values.object(i, ParameterDecoder.fromLongData(state.longData(i), state.types[i]));
            } else {
                values.read(i, in, state.types[i]);
            }
        }
        return values;
    }

    private void read(int i, PayloadReader in, int type) {
        boolean unsigned = (type & ParameterDecoder.UNSIGNED) != 0;
        switch (type & 0xFF) {
            case MySqlType.NULL -> forms[i] = Form.NULL;
            case MySqlType.TINY -> integer(i, unsigned ? in.int1() : (byte) in.int1());
            case MySqlType.SHORT, MySqlType.YEAR -> integer(i, unsigned ? in.int2() : (short) in.int2());
            case MySqlType.LONG, MySqlType.INT24 -> integer(i, unsigned ? in.int4() : (int) in.int4());
            case MySqlType.LONGLONG -> {
                long bits = in.int8();
                if (unsigned && bits < 0) {
                    object(i, ParameterDecoder.longlong(bits, true));
                } else {
                    integer(i, bits);
                }
            }
            case MySqlType.VARCHAR, MySqlType.VAR_STRING, MySqlType.STRING, MySqlType.ENUM, MySqlType.SET,
                 MySqlType.JSON -> range(i, in, Form.TEXT);
            case MySqlType.DECIMAL, MySqlType.NEWDECIMAL -> {
                int start = range(i, in, Form.DECIMAL);
                if (!isPlainDecimal(payload, start, start + lengths[i])) {
                    object(i, ParameterDecoder.decimal(new String(payload, start, lengths[i], StandardCharsets.UTF_8)));
                }
            }
            case MySqlType.DATE, MySqlType.NEWDATE -> {
                Object date = ParameterDecoder.decode(in, type);
                if (date instanceof LocalDate day) {
                    forms[i] = Form.DATE;
                    longs[i] = day.toEpochDay();
                } else {
                    object(i, date);
                }
            }
            default -> object(i, ParameterDecoder.decode(in, type));
        }
    }

    private void integer(int i, long value) {
        forms[i] = Form.INTEGER;
        longs[i] = value;
    }

    private void object(int i, Object value) {
        forms[i] = value == null ? Form.NULL : Form.OBJECT;
        objects[i] = value;
    }

    /** A length-encoded string's place in the payload; returns where it starts. */
    private int range(int i, PayloadReader in, Form form) {
        long length = in.lenencInt();
        if (length > in.remaining()) {
            throw PayloadReader.malformed("length-encoded string of " + length + " bytes runs past the end of the packet");
        }
        int start = in.position();
        in.skip((int) length);
        forms[i] = form;
        offsets[i] = start;
        lengths[i] = (int) length;
        return start;
    }

    /** {@code -?[0-9]+(\.[0-9]+)?}: text BigDecimal reads as written, nothing to trim. */
    private static boolean isPlainDecimal(byte[] b, int i, int end) {
        if (i < end && b[i] == '-') {
            i++;
        }
        int digits = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        if (i == digits) {
            return false;
        }
        if (i == end) {
            return true;
        }
        if (b[i] != '.') {
            return false;
        }
        int fraction = ++i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i == end && i > fraction;
    }

    @Override
    public Object get(int index) {
        return switch (forms[index]) {
            case NULL -> null;
            case INTEGER -> longs[index];
            case TEXT -> ParameterDecoder.text(Arrays.copyOfRange(payload, offsets[index], offsets[index] + lengths[index]));
            case DECIMAL -> new BigDecimal(new String(payload, offsets[index], lengths[index], StandardCharsets.ISO_8859_1));
            case DATE -> LocalDate.ofEpochDay(longs[index]);
            case OBJECT -> objects[index];
        };
    }

    @Override
    public int size() {
        return forms.length;
    }

    @Override
    public Form form(int index) {
        return forms[index];
    }

    @Override
    public long longValue(int index) {
        return longs[index];
    }

    @Override
    public byte[] buffer() {
        return payload;
    }

    @Override
    public int offset(int index) {
        return offsets[index];
    }

    @Override
    public int length(int index) {
        return lengths[index];
    }
}
