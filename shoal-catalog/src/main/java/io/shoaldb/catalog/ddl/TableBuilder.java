package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.PropertyKeys;
import io.shoaldb.catalog.model.SequenceTypes;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.catalog.model.TableProperties;
import io.shoaldb.catalog.model.TabletInfo;
import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Validates a CREATE TABLE definition by Doris's rules and builds the table. The rules:
 * <ul>
 *   <li>engine absent or OLAP (any case), else UNKNOWN_ENGINE;</li>
 *   <li>at least one column; names legal ({@link NameRules}) and unique ignoring case;</li>
 *   <li>no KEY clause: if some column has an aggregation type, an AGGREGATE KEY table keyed on the columns
 *       without one (Doris does the same); otherwise a DUPLICATE KEY table on the short key
 *       ({@link DefaultKeys});</li>
 *   <li>key columns exist and are the leading columns of the table in the same order; FLOAT, DOUBLE,
 *       STRING and JSON cannot be keys;</li>
 *   <li>AGGREGATE KEY: every value column has an aggregation type, key columns none; DUPLICATE/UNIQUE: no
 *       aggregation types at all;</li>
 *   <li>NULL/NOT NULL as declared; when not declared key columns are NOT NULL and value columns NULL;</li>
 *   <li>DEFAULT values per {@link DefaultValues};</li>
 *   <li>distribution per {@link DistributionRules} (absent: RANDOM BUCKETS AUTO for DUPLICATE, HASH(keys)
 *       BUCKETS AUTO for UNIQUE and AGGREGATE);</li>
 *   <li>properties per {@link TableProperties#parse}, plus: the sequence column properties only on UNIQUE
 *       KEY tables, not both together, and sequence_col names an existing non-key column of an integer,
 *       date or datetime type;</li>
 *   <li>column unique ids 0..n-1.</li>
 * </ul>
 */
public final class TableBuilder {
    private TableBuilder() {
    }

    public static Table build(TableDefinition def, long databaseId, long tableId, long createTimeMillis,
            int partitionCount) {
        NameRules.checkTable(def.name());
        if (def.engine() != null && !def.engine().equalsIgnoreCase("olap")) {
            throw ErrorCode.UNKNOWN_ENGINE.exception(def.engine());
        }
        List<ColumnDefinition> defs = def.columns();
        if (defs.isEmpty()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Table '" + def.name()
                    + "' should contain at least one column");
        }
        checkUniqueNames(defs);
        KeysType keysType = def.keysType();
        List<String> keyNames = def.keyColumns();
        if (keysType == null) {
            if (!keyNames.isEmpty()) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Key columns given without a keys type");
            }
            boolean anyAggregation = defs.stream().anyMatch(c -> c.aggregation() != null);
            keysType = anyAggregation ? KeysType.AGGREGATE : KeysType.DUPLICATE;
            keyNames = anyAggregation
                    ? defs.stream().filter(c -> c.aggregation() == null).map(ColumnDefinition::name).toList()
                    : DefaultKeys.choose(defs);
        } else if (keyNames.isEmpty()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception(keysType.sql() + " needs at least one column");
        }
        int keyCount = checkKeysLead(def.name(), defs, keyNames);

        List<Column> columns = new ArrayList<>(defs.size());
        for (int i = 0; i < defs.size(); i++) {
            columns.add(ColumnRules.build(defs.get(i), i, i < keyCount, keysType));
        }
        List<String> keyColumns = columns.subList(0, keyCount).stream().map(Column::name).toList();

        Distribution distribution = DistributionRules.resolve(def.name(), def.distribution(), keysType,
                columns, keyColumns);
        TableProperties properties = checkSequence(TableProperties.parse(def.properties()), keysType, columns);
        return new Table(tableId, databaseId, def.name(), columns, keysType, keyColumns, distribution, properties,
                def.comment(), columns.size(), createTimeMillis, place(tableId, distribution, partitionCount));
    }

    /**
     * One tablet per bucket ({@code BUCKETS AUTO}: one per data partition), ids following the table's,
     * spread round-robin over the partitions starting at an offset taken from the table id, so that
     * small tables do not all crowd onto partition 0.
     */
    private static List<TabletInfo> place(long tableId, Distribution distribution, int partitionCount) {
        int buckets = distribution.buckets() == 0 ? partitionCount : distribution.buckets();
        List<TabletInfo> tablets = new ArrayList<>(buckets);
        for (int bucket = 0; bucket < buckets; bucket++) {
            tablets.add(new TabletInfo(tableId + 1 + bucket, bucket, (int) ((tableId + bucket) % partitionCount)));
        }
        return tablets;
    }

    private static void checkUniqueNames(List<ColumnDefinition> defs) {
        Set<String> seen = new HashSet<>();
        for (ColumnDefinition c : defs) {
            NameRules.checkColumn(c.name());
            if (!seen.add(c.name().toLowerCase(Locale.ROOT))) {
                throw ErrorCode.DUPLICATE_COLUMN.exception(c.name());
            }
        }
    }

    /** Returns the number of key columns after checking they are the leading columns in order. */
    private static int checkKeysLead(String table, List<ColumnDefinition> defs, List<String> keyNames) {
        for (int i = 0; i < keyNames.size(); i++) {
            String key = keyNames.get(i);
            boolean exists = defs.stream().anyMatch(c -> c.name().equalsIgnoreCase(key));
            if (!exists) {
                throw ErrorCode.UNKNOWN_COLUMN.exception(key, table);
            }
            if (i >= defs.size() || !defs.get(i).name().equalsIgnoreCase(key)) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                        "Key columns should be a ordered prefix of the schema; '" + key + "' is not column "
                                + (i + 1));
            }
        }
        return keyNames.size();
    }

    private static TableProperties checkSequence(TableProperties props, KeysType keysType, List<Column> columns) {
        String seqCol = props.explicit().get(PropertyKeys.SEQUENCE_COL);
        String seqType = props.explicit().get(PropertyKeys.SEQUENCE_TYPE);
        if (seqCol == null && seqType == null) {
            return props;
        }
        String key = seqCol != null ? PropertyKeys.SEQUENCE_COL : PropertyKeys.SEQUENCE_TYPE;
        String value = seqCol != null ? seqCol : seqType;
        if (keysType != KeysType.UNIQUE) {
            throw ErrorCode.INVALID_PROPERTY.exception(value, key, "only UNIQUE KEY tables have a sequence column");
        }
        if (seqCol != null && seqType != null) {
            throw ErrorCode.INVALID_PROPERTY.exception(seqType, PropertyKeys.SEQUENCE_TYPE,
                    "function_column.sequence_col and function_column.sequence_type cannot both be set");
        }
        if (seqCol == null) {
            return props;
        }
        Column column = columns.stream().filter(c -> c.hasName(seqCol)).findFirst().orElseThrow(
                () -> ErrorCode.INVALID_PROPERTY.exception(seqCol, PropertyKeys.SEQUENCE_COL, "no such column"));
        if (column.key()) {
            throw ErrorCode.INVALID_PROPERTY.exception(seqCol, PropertyKeys.SEQUENCE_COL,
                    "the sequence column must be a value column, not a key column");
        }
        if (!SequenceTypes.allowed(column.type())) {
            throw ErrorCode.INVALID_PROPERTY.exception(seqCol, PropertyKeys.SEQUENCE_COL,
                    "the sequence column must have an integer, date or datetime type, not "
                            + column.type().toSql());
        }
        // Spell it as the column is, so SHOW CREATE TABLE and lookups agree.
        return props.with(Map.of(PropertyKeys.SEQUENCE_COL, column.name()));
    }

    /** Whether the table has a REPLACE-style value column (Doris then refuses RANDOM distribution). */
    static boolean hasReplaceColumn(List<Column> columns) {
        return columns.stream().anyMatch(c -> c.aggregation() == AggregationType.REPLACE
                || c.aggregation() == AggregationType.REPLACE_IF_NOT_NULL);
    }
}
