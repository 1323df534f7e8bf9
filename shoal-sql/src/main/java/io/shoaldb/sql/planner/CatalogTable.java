package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Table;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;

/** A catalog table as Calcite sees it: its row type, row count and column value ranges; the translator reaches the catalog table through it. */
final class CatalogTable extends AbstractTable {
    private final String database;
    private final Table table;
    private final long rowCount;
    private final TableStatistics statistics;

    CatalogTable(String database, Table table, TableStatistics statistics) {
        this.database = database;
        this.table = table;
        this.rowCount = statistics.rowCount(table.id()).orElse(TableStatistics.UNKNOWN_ROWS);
        this.statistics = statistics;
    }

    /** The row count join ordering and join distribution are decided by. */
    @Override
    public Statistic getStatistic() {
        return Statistics.of(Math.max(1, rowCount), List.of());
    }

    /** The value range of column {@code ordinal}, asked for only when a range predicate is estimated. */
    Optional<TableStatistics.ValueRange> columnRange(int ordinal) {
        return statistics.columnRange(table.id(), table.columns().get(ordinal).uniqueId());
    }

    String database() {
        return database;
    }

    Table table() {
        return table;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (Column c : table.columns()) {
            b.add(c.name(), CalciteTypes.toCalcite(typeFactory, c.type(), c.nullable()));
        }
        return b.build();
    }
}
