package io.shoaldb.api;

import java.util.AbstractList;

/**
 * The values of one execution's placeholders (see {@link Session#executePrepared}) as a protocol received them: a
 * list of the Java objects they stand for, which also tells the common values in the form they arrived in, so that
 * a caller converting them anyway (an INSERT, into column vectors) needs no object per value. Whatever a value's
 * {@link Form}, {@link #get} is the object the documented contract of {@link Session#executePrepared} gives it.
 */
public abstract class ParameterList extends AbstractList<Object> {
    /** How a value can be read besides {@link #get}. */
    public enum Form {
        /** SQL NULL: {@link #get} is null. */
        NULL,
        /** A signed 64-bit integer, {@link #longValue}: {@link #get} is that Long. */
        INTEGER,
        /**
         * Character data, the bytes {@link #offset} .. + {@link #length} of {@link #buffer}: {@link #get} is the String
         * they encode in UTF-8, or a copy of them (byte[]) when they are not UTF-8.
         */
        TEXT,
        /**
         * A decimal written plainly - an optional minus, digits, optionally a point and more digits - in the bytes
         * {@link #offset} .. + {@link #length} of {@link #buffer}: {@link #get} is the BigDecimal of that text.
         */
        DECIMAL,
        /** A date, {@link #longValue} days since 1970-01-01: {@link #get} is that LocalDate. */
        DATE,
        /** Only {@link #get}. */
        OBJECT
    }

    public abstract Form form(int index);

    /** The value of an INTEGER, the days of a DATE. */
    public abstract long longValue(int index);

    /** The bytes TEXT and DECIMAL values are read from. */
    public abstract byte[] buffer();

    /** Where a TEXT or DECIMAL value starts in {@link #buffer}. */
    public abstract int offset(int index);

    /** The length in bytes of a TEXT or DECIMAL value. */
    public abstract int length(int index);
}
