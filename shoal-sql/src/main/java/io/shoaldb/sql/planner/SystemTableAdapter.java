package io.shoaldb.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AbstractTable;

/** A {@link SystemTable} as Calcite sees it; the translator reaches the system table through it. */
final class SystemTableAdapter extends AbstractTable {
    private final SystemTable table;

    SystemTableAdapter(SystemTable table) {
        this.table = table;
    }

    SystemTable table() {
        return table;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (SystemColumn c : table.columns()) {
            b.add(c.name(), CalciteTypes.toCalcite(typeFactory, c.type(), c.nullable()));
        }
        return b.build();
    }
}
