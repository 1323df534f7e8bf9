package io.shoaldb.ingest.convert;

/**
 * One input row of Java values (see {@link RowBatchAssembler#appendObjects}) whose fields can also be read in the
 * form they arrived in - an integer as a long, text as a range of UTF-8 bytes, a plain decimal as its text, a date
 * as a day number - so that the common values convert without an object each ({@link RowBatchAssembler#appendTyped}).
 * Whatever a field's {@link Form}, {@link #object} is the value it stands for.
 */
public interface TypedRow {
    /** How field values can be read besides {@link #object}. */
    enum Form {
        /** SQL NULL. */
        NULL,
        /** {@link #longValue}, standing for that Long. */
        LONG,
        /** UTF-8 (or invalid) bytes, standing for that String (or byte[]): {@link #buffer}, {@link #offset}, {@link #length}. */
        TEXT,
        /** {@code -?[0-9]+(\.[0-9]+)?} in ASCII, standing for that BigDecimal: {@link #buffer}, {@link #offset}, {@link #length}. */
        DECIMAL_TEXT,
        /** {@link #longValue} days since 1970-01-01, standing for that LocalDate. */
        EPOCH_DAY,
        /** Only {@link #object}. */
        OBJECT
    }

    int fieldCount();

    Form form(int field);

    long longValue(int field);

    byte[] buffer(int field);

    int offset(int field);

    int length(int field);

    /** The field's value as the object {@link RowBatchAssembler#appendObjects} takes, whatever its form. */
    Object object(int field);
}
