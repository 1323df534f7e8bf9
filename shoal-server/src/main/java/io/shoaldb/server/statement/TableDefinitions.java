package io.shoaldb.server.statement;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.sql.tree.SqlColumnDefinition;
import io.shoaldb.sql.tree.SqlCreateTable;
import io.shoaldb.sql.tree.SqlDistribution;

/**
 * Turns parsed DDL into the catalog's definitions. The parser and the catalog each own their enums
 * (neither module may see the other), so they meet here, by name.
 */
final class TableDefinitions {
    private TableDefinitions() {
    }

    static TableDefinition from(String database, SqlCreateTable statement) {
        KeysType keysType = statement.keysType() == null ? null : KeysType.valueOf(statement.keysType().name());
        SqlDistribution distribution = statement.distribution();
        Distribution resolved = distribution == null ? null
                : new Distribution(distribution.hash(), distribution.columns(),
                        distribution.buckets() == null ? 0 : distribution.buckets());
        return new TableDefinition(database, statement.table(),
                statement.columns().stream().map(TableDefinitions::column).toList(), statement.engine(), keysType,
                statement.keyColumns(), resolved, statement.properties(), statement.comment());
    }

    static ColumnDefinition column(SqlColumnDefinition column) {
        AggregationType aggregation = column.aggregation() == null ? null
                : AggregationType.valueOf(column.aggregation().name());
        ColumnDefault defaultValue = column.defaultValue() == null ? null
                : new ColumnDefault(ColumnDefault.Kind.valueOf(column.defaultValue().kind().name()),
                        column.defaultValue().literal());
        return new ColumnDefinition(column.name(), column.type(), column.nullable(), aggregation, defaultValue,
                column.comment());
    }
}
