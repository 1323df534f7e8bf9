package io.shoaldb.catalog.ddl;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Doris's rules for DISTRIBUTED BY. Absent: {@code RANDOM BUCKETS AUTO} for DUPLICATE KEY tables and
 * {@code HASH(<key columns>) BUCKETS AUTO} for UNIQUE and AGGREGATE KEY tables (rows with equal keys must
 * meet in one bucket to merge). HASH columns exist, are not repeated, are not FLOAT/DOUBLE/JSON, and on
 * UNIQUE/AGGREGATE tables are key columns. RANDOM is refused on UNIQUE tables and on AGGREGATE tables with
 * REPLACE columns (as Doris). BUCKETS is AUTO or 1..{@value #MAX_BUCKETS} (ShoalDB's bound).
 */
final class DistributionRules {
    static final int MAX_BUCKETS = 1024;

    private DistributionRules() {
    }

    static Distribution resolve(String table, Distribution given, KeysType keysType, List<Column> columns,
            List<String> keyColumns) {
        if (given == null) {
            return keysType == KeysType.DUPLICATE
                    ? Distribution.random(Distribution.AUTO_BUCKETS)
                    : Distribution.hash(keyColumns, Distribution.AUTO_BUCKETS);
        }
        if (given.buckets() < 0 || given.buckets() > MAX_BUCKETS) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Number of buckets should be between 1 and "
                    + MAX_BUCKETS + " (or AUTO), not " + given.buckets());
        }
        if (!given.hash()) {
            if (!given.columns().isEmpty()) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception("RANDOM distribution takes no columns");
            }
            if (keysType == KeysType.UNIQUE
                    || (keysType == KeysType.AGGREGATE && TableBuilder.hasReplaceColumn(columns))) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Random distribution for " + keysType.sql()
                        + " table with REPLACE semantics is unsupported; use DISTRIBUTED BY HASH");
            }
            return given;
        }
        if (given.columns().isEmpty()) {
            throw ErrorCode.INVALID_TABLE_DEFINITION.exception("DISTRIBUTED BY HASH needs at least one column");
        }
        List<String> resolved = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String name : given.columns()) {
            Column column = columns.stream().filter(c -> c.hasName(name)).findFirst()
                    .orElseThrow(() -> ErrorCode.UNKNOWN_COLUMN.exception(name, table));
            if (!seen.add(column.name().toLowerCase(Locale.ROOT))) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Duplicate distribution column '" + name + "'");
            }
            switch (column.type().id()) {
                case FLOAT, DOUBLE, JSON -> throw ErrorCode.INVALID_TABLE_DEFINITION.exception(
                        "Column '" + name + "' of type " + column.type().toSql()
                                + " can not be a distribution column");
                default -> {
                }
            }
            if (keysType != KeysType.DUPLICATE && !column.key()) {
                throw ErrorCode.INVALID_TABLE_DEFINITION.exception("Distribution column '" + name
                        + "' is not a key column; " + keysType.sql() + " tables distribute by key columns");
            }
            resolved.add(column.name());
        }
        return Distribution.hash(resolved, given.buckets());
    }
}
