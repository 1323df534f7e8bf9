package io.shoaldb.catalog.model;

import io.shoaldb.vector.type.DataType;

/**
 * A column as CREATE TABLE or ADD COLUMN wrote it, before validation. {@code nullable} null means neither
 * NULL nor NOT NULL was written; {@code aggregation}, {@code defaultValue} and {@code comment} may be null.
 */
public record ColumnDefinition(String name, DataType type, Boolean nullable, AggregationType aggregation,
        ColumnDefault defaultValue, String comment) {

    /** A plain column: only name and type given. */
    public static ColumnDefinition of(String name, DataType type) {
        return new ColumnDefinition(name, type, null, null, null, null);
    }
}
