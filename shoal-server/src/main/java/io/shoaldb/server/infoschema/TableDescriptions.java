package io.shoaldb.server.infoschema;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * What information_schema and the driver SHOW statements say about a stored table, in one place: its status
 * (engine, rows, bytes, creation time) and its primary key. A UNIQUE or AGGREGATE table keeps one row per key, so
 * its key columns are reported as the PRIMARY key (drivers' getPrimaryKeys, BI tools' joins); a DUPLICATE table's
 * key only orders its rows, so it has none.
 */
public final class TableDescriptions {
    public static final String ENGINE = "OLAP";
    public static final String PRIMARY = "PRIMARY";
    /** What SHOW INDEX calls the key: segments are sorted by it, and zone maps prune by it. */
    public static final String INDEX_TYPE = "KEY";

    /** A table as SHOW TABLE STATUS and information_schema.tables show it. */
    public record Status(String name, long rows, long averageRowLength, long dataLength, LocalDateTime createTime,
            String comment) {
    }

    /** One column of the primary key, {@code sequence} counting from 1. */
    public record KeyPart(String column, int sequence, boolean nullable) {
    }

    private TableDescriptions() {
    }

    public static Status status(Table table, TableSizes sizes) {
        TableSizes.Size size = sizes.of(table.id()).orElse(new TableSizes.Size(0, 0));
        long average = size.rows() == 0 ? 0 : size.dataBytes() / size.rows();
        LocalDateTime created = LocalDateTime.ofInstant(Instant.ofEpochMilli(table.createTimeMillis()),
                ZoneId.systemDefault());
        return new Status(table.name(), size.rows(), average, size.dataBytes(), created, table.comment());
    }

    public static List<KeyPart> primaryKey(Table table) {
        if (table.keysType() == KeysType.DUPLICATE) {
            return List.of();
        }
        List<KeyPart> parts = new ArrayList<>();
        for (String name : table.keyColumns()) {
            Column column = table.column(name).orElseThrow();
            parts.add(new KeyPart(column.name(), parts.size() + 1, column.nullable()));
        }
        return parts;
    }

    /** MySQL's COLUMN_KEY: PRI for a primary-key column, else empty. */
    public static String columnKey(Table table, Column column) {
        return table.keysType() != KeysType.DUPLICATE && column.key() ? "PRI" : "";
    }

    /** A column's default as SHOW COLUMNS and information_schema print it: null when there is none or it is NULL. */
    public static String defaultText(ColumnDefault value) {
        if (value == null) {
            return null;
        }
        return switch (value.kind()) {
            case NULL -> null;
            case CURRENT_TIMESTAMP -> "CURRENT_TIMESTAMP";
            case LITERAL -> value.literal();
        };
    }

    /** MySQL's EXTRA: an AGGREGATE table's value columns name their aggregation. */
    public static String extra(Column column) {
        return column.aggregation() == null ? "" : column.aggregation().name();
    }
}
