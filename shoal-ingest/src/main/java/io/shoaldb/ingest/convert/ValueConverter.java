package io.shoaldb.ingest.convert;

import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Converts load input into one column type with Doris's semantics. Two inputs: UTF-8 text (a CSV field or a
 * JSON scalar: {@link #parse}, no String per field) and Java objects (INSERT literals and prepared-statement
 * parameters: {@link #parseObject}; the forms such objects arrive in before they are made - a long, a plain
 * decimal's text, a day number - through {@link #parseLong}, {@link #parseDecimalText}, {@link #parseEpochDay}, which
 * mean exactly what {@link #parseObject} of the object means). Parsing fills a {@link ValueSlot}; {@link #append} writes it to the
 * column's builder, so callers can convert a whole row before appending any of it. Instances keep scratch
 * state and are not thread-safe; make one per column per load.
 */
public abstract class ValueConverter {
    protected final DataType type;
    /** The slot of {@link #appendColumn}'s values. */
    protected final ValueSlot columnSlot = new ValueSlot();

    protected ValueConverter(DataType type) {
        this.type = type;
    }

    /** The converter for {@code type}; {@code policy} decides truncation of over-long strings. */
    public static ValueConverter forType(DataType type, ConversionPolicy policy) {
        return switch (type.id()) {
            case BOOLEAN -> new BooleanConverter(type);
            case TINYINT -> new IntegerConverter(type, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT -> new IntegerConverter(type, Short.MIN_VALUE, Short.MAX_VALUE);
            case INT -> new IntegerConverter(type, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT -> new IntegerConverter(type, Long.MIN_VALUE, Long.MAX_VALUE);
            case LARGEINT -> new LargeIntConverter(type);
            case FLOAT, DOUBLE -> new FloatingConverter(type);
            case DECIMAL -> new DecimalConverter(type);
            case DATE, DATETIME -> new DateTimeConverter(type);
            case CHAR, VARCHAR, STRING -> new StringConverter(type, policy.truncateLongStrings());
            case JSON -> new JsonConverter(type);
        };
    }

    public final DataType type() {
        return type;
    }

    /** Parses the UTF-8 text {@code buf[off, off+len)}; false (with {@link ValueSlot#failure()}) when it is not a value of the type. */
    public abstract boolean parse(byte[] buf, int off, int len, ValueSlot slot);

    /** Appends a successfully parsed (or NULL) slot to this column's builder. */
    public abstract void append(ValueSlot slot, VectorBuilder out);

    /**
     * Converts field {@code field} of every row of {@code rows} and appends the values, a NULL as null; false at
     * the first value that does not convert, or is NULL when not {@code nullable} (the rows appended before it are
     * then the caller's to drop). The converters of the types big loads are made of override it with the same
     * loop in their own class, where parse and append are calls to one class that compile inline.
     */
    public boolean appendColumn(TextRows rows, int field, boolean nullable, VectorBuilder out) {
        byte[] buf = rows.buffer();
        ValueSlot slot = columnSlot;
        for (int r = 0, n = rows.count(); r < n; r++) {
            int len = rows.length(field, r);
            if (len < 0) {
                if (!nullable) {
                    return false;
                }
                out.appendNull();
            } else if (parse(buf, rows.offset(field, r), len, slot)) {
                append(slot, out);
            } else {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses a Java object: null, Long/Integer/Short/Byte, BigInteger, BigDecimal, Double, Float, String,
     * Boolean, byte[] (UTF-8 text), LocalDate, LocalDateTime. Types override the natural cases; everything
     * else goes through its text, so INSERT '123' and a CSV field 123 convert the same way.
     */
    public final boolean parseObject(Object value, ValueSlot slot) {
        if (value == null) {
            slot.setNull();
            return true;
        }
        return parseValue(value, slot);
    }

    /** {@link #parseObject} of that Long, which integer columns read without one. */
    public boolean parseLong(long value, ValueSlot slot) {
        return parseValue(value, slot);
    }

    /**
     * {@link #parseObject} of the BigDecimal of {@code buf[off, off+len)}, a plain decimal ({@code -?[0-9]+(\.[0-9]+)?}
     * in ASCII), which decimal columns read as text without one: both round half-up and refuse the same values.
     */
    public boolean parseDecimalText(byte[] buf, int off, int len, ValueSlot slot) {
        return parseValue(new BigDecimal(new String(buf, off, len, StandardCharsets.ISO_8859_1)), slot);
    }

    /** {@link #parseObject} of the LocalDate {@code days} after 1970-01-01, which date columns read without one. */
    public boolean parseEpochDay(long days, ValueSlot slot) {
        return parseValue(LocalDate.ofEpochDay(days), slot);
    }

    /** Parses a non-null object; the default goes through its text. */
    protected boolean parseValue(Object value, ValueSlot slot) {
        byte[] text = textOf(value);
        return parse(text, 0, text.length, slot);
    }

    /** Parses and appends in one step; on failure nothing is appended. */
    public final boolean convert(byte[] buf, int off, int len, VectorBuilder out, ValueSlot scratch) {
        if (!parse(buf, off, len, scratch)) {
            return false;
        }
        append(scratch, out);
        return true;
    }

    /** Convenience form of {@link #convert(byte[], int, int, VectorBuilder, ValueSlot)} with its own scratch slot. */
    public final boolean convert(byte[] buf, int off, int len, VectorBuilder out) {
        return convert(buf, off, len, out, new ValueSlot());
    }

    /** Parses an object and appends it; on failure nothing is appended. */
    public final boolean convertObject(Object value, VectorBuilder out) {
        ValueSlot slot = new ValueSlot();
        if (!parseObject(value, slot)) {
            return false;
        }
        append(slot, out);
        return true;
    }

    /** The text a literal object stands for, as MySQL/Doris would cast it to a string. */
    static byte[] textOf(Object value) {
        if (value instanceof byte[] b) {
            return b;
        }
        return textString(value).getBytes(StandardCharsets.UTF_8);
    }

    static String textString(Object value) {
        return switch (value) {
            case BigDecimal d -> d.toPlainString();
            case Boolean b -> b ? "1" : "0";
            case Double d -> doubleText(d);
            case Float f -> doubleText(f);
            case LocalDate d -> d.toString();
            case LocalDateTime t -> DateTimeConverter.format(t);
            case BigInteger i -> i.toString();
            case byte[] b -> new String(b, StandardCharsets.UTF_8);
            default -> value.toString();
        };
    }

    /** Integral doubles print without ".0" (Doris casts 1.0 to '1'); others use Java's shortest repr. */
    private static String doubleText(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }
}
