package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Table;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AbstractTable;

/** A catalog table as Calcite sees it: its row type; the translator reaches the catalog table through it. */
final class CatalogTable extends AbstractTable {
    private final String database;
    private final Table table;

    CatalogTable(String database, Table table) {
        this.database = database;
        this.table = table;
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
