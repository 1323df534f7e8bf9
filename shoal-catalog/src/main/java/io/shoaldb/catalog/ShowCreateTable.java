package io.shoaldb.catalog;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.GroupCommitMode;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.PropertyKeys;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders a table as Doris's SHOW CREATE TABLE prints it; the text is valid CREATE TABLE input that
 * makes an equal table (same columns, keys, distribution, effective properties). As in Doris, the PROPERTIES
 * block is always there and prints the effective values (replication as {@code replication_allocation}).
 */
public final class ShowCreateTable {
    private ShowCreateTable() {
    }

    public static String render(Database database, Table table) {
        StringBuilder sb = new StringBuilder();
        sb.append("CREATE TABLE ").append(quoteName(table.name())).append(" (\n");
        List<String> lines = new ArrayList<>();
        for (Column column : table.columns()) {
            lines.add("  " + columnLine(table.keysType(), column));
        }
        sb.append(String.join(",\n", lines)).append("\n) ENGINE=OLAP\n");
        sb.append(table.keysType().sql()).append('(').append(nameList(table.keyColumns())).append(")\n");
        if (!table.comment().isEmpty()) {
            sb.append("COMMENT ").append(singleQuoted(table.comment())).append('\n');
        }
        sb.append(distribution(table.distribution()));
        sb.append("\nPROPERTIES (\n").append(String.join(",\n", properties(table.properties()))).append("\n)");
        return sb.toString();
    }

    private static String columnLine(KeysType keysType, Column column) {
        StringBuilder sb = new StringBuilder();
        sb.append(quoteName(column.name())).append(' ').append(column.type().toSql());
        if (keysType == KeysType.AGGREGATE && column.aggregation() != null) {
            sb.append(' ').append(column.aggregation().name());
        }
        sb.append(column.nullable() ? " NULL" : " NOT NULL");
        ColumnDefault def = column.defaultValue();
        if (def != null) {
            sb.append(" DEFAULT ").append(switch (def.kind()) {
                case LITERAL -> doubleQuoted(def.literal());
                case NULL -> "NULL";
                case CURRENT_TIMESTAMP -> "CURRENT_TIMESTAMP";
            });
        }
        if (!column.comment().isEmpty()) {
            sb.append(" COMMENT ").append(singleQuoted(column.comment()));
        }
        return sb.toString();
    }

    private static String distribution(Distribution d) {
        String buckets = d.autoBuckets() ? "AUTO" : String.valueOf(d.buckets());
        return d.hash()
                ? "DISTRIBUTED BY HASH(" + nameList(d.columns()) + ") BUCKETS " + buckets
                : "DISTRIBUTED BY RANDOM BUCKETS " + buckets;
    }

    /**
     * Doris's block: every effective value, not only the ones set, in Doris's order (replication, storage format,
     * the sequence column, light schema change, group commit, then the storage vault); {@code group_commit_mode} only when it is not
     * off_mode. Each line is valid CREATE TABLE input.
     */
    private static List<String> properties(TableProperties props) {
        List<String> out = new ArrayList<>();
        out.add(property(PropertyKeys.REPLICATION_ALLOCATION,
                TableProperties.replicationAllocation(props.replicationNum())));
        out.add(property(PropertyKeys.STORAGE_FORMAT, TableProperties.STORAGE_FORMAT_V2));
        if (props.sequenceColumn() != null) {
            out.add(property(PropertyKeys.SEQUENCE_COL, props.sequenceColumn()));
        }
        if (props.isExplicit(PropertyKeys.SEQUENCE_TYPE)) {
            out.add(property(PropertyKeys.SEQUENCE_TYPE, props.explicit().get(PropertyKeys.SEQUENCE_TYPE)));
        }
        out.add(property(PropertyKeys.LIGHT_SCHEMA_CHANGE, Boolean.toString(props.lightSchemaChange())));
        if (props.groupCommitMode() != GroupCommitMode.OFF_MODE) {
            out.add(property(PropertyKeys.GROUP_COMMIT_MODE, props.groupCommitMode().sql()));
        }
        out.add(property(PropertyKeys.GROUP_COMMIT_INTERVAL_MS, Long.toString(props.groupCommitIntervalMs())));
        out.add(property(PropertyKeys.GROUP_COMMIT_DATA_BYTES, Long.toString(props.groupCommitDataBytes())));
        if (props.storageVault() != null) {
            out.add(property(PropertyKeys.STORAGE_VAULT_NAME, props.storageVault()));
        }
        return out;
    }

    private static String property(String key, String value) {
        return doubleQuoted(key) + " = " + doubleQuoted(value);
    }

    private static String nameList(List<String> names) {
        return names.stream().map(ShowCreateTable::quoteName).collect(Collectors.joining(", "));
    }

    static String quoteName(String name) {
        return '`' + name.replace("`", "``") + '`';
    }

    static String singleQuoted(String text) {
        return '\'' + text.replace("\\", "\\\\").replace("'", "\\'") + '\'';
    }

    static String doubleQuoted(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
