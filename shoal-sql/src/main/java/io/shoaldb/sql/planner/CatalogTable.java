package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Table;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import java.util.List;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;

/** A catalog table as Calcite sees it: its row type and row count; the translator reaches the catalog table through it. */
final class CatalogTable extends AbstractTable {
    private final String database;
    private final Table table;
    private final long rowCount;

    CatalogTable(String database, Table table, long rowCount) {
        this.database = database;
        this.table = table;
        this.rowCount = rowCount;
    }

    /** The row count join ordering and join distribution are decided by. */
    @Override
    public Statistic getStatistic() {
        return Statistics.of(Math.max(1, rowCount), List.of());
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
