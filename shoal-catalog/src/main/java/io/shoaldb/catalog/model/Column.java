package io.shoaldb.catalog.model;

import io.shoaldb.vector.type.DataType;
import java.util.Objects;

/**
 * A column of a table. {@code uniqueId} identifies the column for its whole life (light schema change:
 * data files and WALs refer to columns by it, so a dropped column's id is never given to another).
 * {@code aggregation} is set only on value columns of AGGREGATE KEY tables; {@code defaultValue} is null
 * when the column has no DEFAULT clause; {@code comment} is "" when there is none.
 */
public record Column(int uniqueId, String name, DataType type, boolean nullable, boolean key,
        AggregationType aggregation, ColumnDefault defaultValue, String comment) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        comment = comment == null ? "" : comment;
    }

    /** Column names compare ignoring case, as in MySQL and Doris. */
    public boolean hasName(String other) {
        return name.equalsIgnoreCase(other);
    }
}
