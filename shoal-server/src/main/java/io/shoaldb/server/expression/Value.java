package io.shoaldb.server.expression;

import io.shoaldb.vector.type.DataType;

/**
 * A computed value with its SQL type; {@code value} is null for SQL NULL and otherwise of the Java class
 * that {@link io.shoaldb.vector.type.TypeId} documents.
 */
public record Value(Object value, DataType type) {
    public static Value ofNull() {
        return new Value(null, DataType.varchar(1));
    }

    public static Value ofLong(long value) {
        return new Value(value, DataType.BIGINT);
    }

    public static Value ofString(String value) {
        return new Value(value, value == null ? DataType.varchar(1)
                : DataType.varchar(Math.max(1, Math.min(DataType.MAX_VARCHAR_LENGTH, value.length()))));
    }

    public boolean isNull() {
        return value == null;
    }
}
