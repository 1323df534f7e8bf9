package io.shoaldb.catalog.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table as the catalog keeps it: already validated, immutable. {@code keyColumns} are the leading
 * columns in order (their {@link Column#key()} is true); {@code nextColumnUniqueId} is the id the next
 * added column gets, so ids are never reused. {@code tablets} lists every bucket with its tablet id and
 * data partition, in bucket order.
 */
public record Table(long id, long databaseId, String name, List<Column> columns, KeysType keysType,
        List<String> keyColumns, Distribution distribution, TableProperties properties, String comment,
        int nextColumnUniqueId, long createTimeMillis, List<TabletInfo> tablets) {
    public Table {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        keyColumns = List.copyOf(keyColumns);
        Objects.requireNonNull(keysType, "keysType");
        Objects.requireNonNull(distribution, "distribution");
        Objects.requireNonNull(properties, "properties");
        comment = comment == null ? "" : comment;
        tablets = tablets == null ? List.of() : List.copyOf(tablets);
    }

    /** The column with this name, ignoring case. */
    public Optional<Column> column(String columnName) {
        for (Column column : columns) {
            if (column.hasName(columnName)) {
                return Optional.of(column);
            }
        }
        return Optional.empty();
    }

    /** The position of the column with this name (ignoring case), or -1. */
    public int columnIndex(String columnName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).hasName(columnName)) {
                return i;
            }
        }
        return -1;
    }

    public Table withColumns(List<Column> newColumns, int newNextColumnUniqueId) {
        return new Table(id, databaseId, name, newColumns, keysType, keyColumns, distribution, properties,
                comment, newNextColumnUniqueId, createTimeMillis, tablets);
    }

    /** The largest id this table uses (its own or a tablet's), so id allocation can stay above it. */
    public long maxId() {
        long max = id;
        for (TabletInfo tablet : tablets) {
            max = Math.max(max, tablet.tabletId());
        }
        return max;
    }

    public Table withProperties(TableProperties newProperties) {
        return new Table(id, databaseId, name, columns, keysType, keyColumns, distribution, newProperties,
                comment, nextColumnUniqueId, createTimeMillis, tablets);
    }
}
