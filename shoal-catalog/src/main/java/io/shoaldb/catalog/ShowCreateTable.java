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
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders a table as Doris's SHOW CREATE TABLE prints it; the text is valid CREATE TABLE input that
 * makes an equal table (same columns, keys, distribution, effective properties). Properties printed are
 * the explicitly set ones in the order given, except {@code group_commit_mode} when off_mode and
 * {@code replication_num} when 1 (as Doris); without any, there is no PROPERTIES block.
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
        List<String> properties = properties(table.properties());
        if (!properties.isEmpty()) {
            sb.append("\nPROPERTIES (\n").append(String.join(",\n", properties)).append("\n)");
        }
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

    private static List<String> properties(TableProperties props) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : props.explicit().entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            if (key.equals(PropertyKeys.GROUP_COMMIT_MODE) && value.equals(GroupCommitMode.OFF_MODE.sql())) {
                continue;
            }
            if (key.equals(PropertyKeys.REPLICATION_NUM) && value.equals("1")) {
                continue;
            }
            out.add("    " + doubleQuoted(key) + " = " + doubleQuoted(value));
        }
        return out;
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
