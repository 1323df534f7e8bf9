package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/**
 * How a logical {@link DataType} is held in memory and on disk. This is the only place that maps
 * types to representations, so vectors, builders, codecs and zone maps all agree.
 */
public enum PhysicalType {
    /** int[]: BOOLEAN (0/1), TINYINT, SMALLINT, INT, DATE (days since 1970-01-01). */
    INT32(4),
    /** long[]: BIGINT, DATETIME (microseconds since epoch, UTC wall clock), DECIMAL precision <= 18 (unscaled). */
    INT64(8),
    /** float[]: FLOAT. */
    FLOAT32(4),
    /** double[]: DOUBLE. */
    FLOAT64(8),
    /** two long[] (high, low): LARGEINT and DECIMAL precision 19..38 (unscaled, two's complement). */
    INT128(16),
    /** UTF-8 bytes in one byte[] with int[] offsets: CHAR, VARCHAR, STRING, JSON. */
    BYTES(-1);

    /** Largest DECIMAL precision whose unscaled value always fits a signed 64-bit long. */
    public static final int MAX_LONG_DECIMAL_PRECISION = 18;

    private final int fixedWidth;

    PhysicalType(int fixedWidth) {
        this.fixedWidth = fixedWidth;
    }

    /** Bytes per value, or -1 for variable-width values. */
    public int fixedWidth() {
        return fixedWidth;
    }

    public static PhysicalType of(DataType type) {
        return switch (type.id()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, DATE -> INT32;
            case BIGINT, DATETIME -> INT64;
            case DECIMAL -> type.precision() <= MAX_LONG_DECIMAL_PRECISION ? INT64 : INT128;
            case LARGEINT -> INT128;
            case FLOAT -> FLOAT32;
            case DOUBLE -> FLOAT64;
            case CHAR, VARCHAR, STRING, JSON -> BYTES;
        };
    }
}
