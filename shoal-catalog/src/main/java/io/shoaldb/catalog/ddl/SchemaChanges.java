package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.PropertyKeys;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableProperties;
import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Light schema changes: each returns the changed table (metadata only; data files refer to columns by
 * unique id, so nothing is rewritten). Rules, following Doris:
 * <ul>
 *   <li>ADD COLUMN adds a value column with a fresh unique id (ids are never reused). It cannot go before
 *       or between key columns; on an AGGREGATE KEY table it needs an aggregation type, on others none; a
 *       NOT NULL column needs a DEFAULT (existing rows need a value).</li>
 *   <li>DROP COLUMN refuses key columns, distribution columns and the sequence column.</li>
 *   <li>ALTER TABLE SET changes only {@link PropertyKeys#ALTERABLE}; light_schema_change can only be
 *       switched on.</li>
 * </ul>
 */
public final class SchemaChanges {
    private SchemaChanges() {
    }

    public static Table addColumn(String qualifiedName, Table table, ColumnDefinition def, String afterColumn,
            boolean first) {
        NameRules.checkColumn(def.name());
        if (table.column(def.name()).isPresent()) {
            throw ErrorCode.DUPLICATE_COLUMN.exception(def.name());
        }
        Column column = ColumnRules.build(def, table.nextColumnUniqueId(), false, table.keysType());
        if (!column.nullable() && column.defaultValue() == null) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Column '" + def.name()
                    + "' is NOT NULL and has no DEFAULT; existing rows need a value");
        }
        int position;
        if (first) {
            position = 0;
        } else if (afterColumn != null) {
            int after = table.columnIndex(afterColumn);
            if (after < 0) {
                throw ErrorCode.UNKNOWN_COLUMN.exception(afterColumn, qualifiedName);
            }
            position = after + 1;
        } else {
            position = table.columns().size();
        }
        if (position < table.keyColumns().size()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Can not add value column '" + def.name() + "' before key columns");
        }
        List<Column> columns = new ArrayList<>(table.columns());
        columns.add(position, column);
        return table.withColumns(columns, table.nextColumnUniqueId() + 1);
    }

    public static Table dropColumn(String qualifiedName, Table table, String columnName) {
        int index = table.columnIndex(columnName);
        if (index < 0) {
            throw ErrorCode.UNKNOWN_COLUMN.exception(columnName, qualifiedName);
        }
        Column column = table.columns().get(index);
        if (column.key()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Can not drop key column '" + column.name() + "'");
        }
        if (table.distribution().columns().stream().anyMatch(column::hasName)) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Can not drop distribution column '" + column.name() + "'");
        }
        String sequence = table.properties().sequenceColumn();
        if (sequence != null && column.hasName(sequence)) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Can not drop sequence column '" + column.name() + "'");
        }
        List<Column> columns = new ArrayList<>(table.columns());
        columns.remove(index);
        // nextColumnUniqueId stays: the dropped column's id is retired, not freed.
        return table.withColumns(columns, table.nextColumnUniqueId());
    }

    /**
     * MODIFY COLUMN: a new type, nullability, default or comment for an existing value column, keeping its
     * unique id. The new type must be one the stored data can be read as ({@link TypeChanges}).
     */
    public static Table modifyColumn(String qualifiedName, Table table, ColumnDefinition def) {
        int index = table.columnIndex(def.name());
        if (index < 0) {
            throw ErrorCode.UNKNOWN_COLUMN.exception(def.name(), qualifiedName);
        }
        Column old = table.columns().get(index);
        if (old.key()) {
            throw ErrorCode.NOT_SUPPORTED.exception("modifying key column '" + old.name() + "'");
        }
        Column changed = ColumnRules.build(def, old.uniqueId(), false, table.keysType());
        if (!TypeChanges.readableAs(old.type(), changed.type())) {
            throw ErrorCode.NOT_SUPPORTED.exception("changing column '" + old.name() + "' from " + old.type().toSql()
                    + " to " + changed.type().toSql() + " (it would need its data rewritten)");
        }
        if (old.nullable() && !changed.nullable()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Can not change column '" + old.name() + "' to NOT NULL: existing rows may hold NULL");
        }
        if (old.aggregation() != changed.aggregation()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                    "Can not change the aggregation of column '" + old.name() + "'");
        }
        List<Column> columns = new ArrayList<>(table.columns());
        columns.set(index, new Column(old.uniqueId(), old.name(), changed.type(), changed.nullable(), false,
                changed.aggregation(), changed.defaultValue(), changed.comment()));
        return table.withColumns(columns, table.nextColumnUniqueId());
    }

    public static Table alterProperties(Table table, Map<String, String> changes) {
        if (changes.isEmpty()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("ALTER TABLE SET needs at least one property");
        }
        Map<String, String> known = new LinkedHashMap<>();
        Map<String, String> unknown = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : changes.entrySet()) {
            String key = e.getKey() == null ? "" : e.getKey().trim().toLowerCase(Locale.ROOT);
            if (!PropertyKeys.ALL.contains(key)) {
                unknown.put(e.getKey(), e.getValue());
            } else if (!PropertyKeys.ALTERABLE.contains(key)) {
                throw ErrorCode.INVALID_PROPERTY.exception(e.getValue(), key,
                        "it can not be changed by ALTER TABLE ... SET");
            } else {
                known.put(key, e.getValue());
            }
        }
        if (!unknown.isEmpty()) {
            throw ErrorCode.UNKNOWN_PROPERTY.exception(unknown.toString());
        }
        TableProperties changed = table.properties().with(known);
        if (table.properties().lightSchemaChange() && !changed.lightSchemaChange()) {
            throw ErrorCode.INVALID_PROPERTY.exception("false", PropertyKeys.LIGHT_SCHEMA_CHANGE,
                    "light schema change can only be switched on, not off");
        }
        return table.withProperties(changed);
    }
}
