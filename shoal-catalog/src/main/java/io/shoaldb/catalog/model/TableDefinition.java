package io.shoaldb.catalog.model;

import java.util.List;
import java.util.Map;

/**
 * A CREATE TABLE statement as parsed, before validation. Nullable parts take Doris's defaults:
 * {@code engine} (OLAP), {@code keysType} with {@code keyColumns} (see the catalog's default-key rule),
 * {@code distribution}; {@code properties} and {@code comment} may be null or empty.
 */
public record TableDefinition(String database, String name, List<ColumnDefinition> columns, String engine,
        KeysType keysType, List<String> keyColumns, Distribution distribution, Map<String, String> properties,
        String comment) {
    public TableDefinition {
        columns = columns == null ? List.of() : List.copyOf(columns);
        keyColumns = keyColumns == null ? List.of() : List.copyOf(keyColumns);
        properties = properties == null ? Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(properties));
        comment = comment == null ? "" : comment;
    }
}
