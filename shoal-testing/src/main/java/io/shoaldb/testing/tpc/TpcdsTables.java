package io.shoaldb.testing.tpc;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The TPC-DS tables of query 3 ({@code store_sales}, {@code date_dim}, {@code item}), with the columns and
 * types of Trino's port of dsdgen ({@code io.trino.tpcds}), which also generates the rows. Every column is
 * nullable, as in the TPC-DS schema (dsdgen leaves about 5% of the non-key values empty).
 */
public final class TpcdsTables {
    private TpcdsTables() {
    }

    public static List<TpcTable> all() {
        return List.of(
                table(Table.DATE_DIM, "d_date_sk", 1),
                table(Table.ITEM, "i_item_sk", 2),
                table(Table.STORE_SALES, "ss_item_sk", 8));
    }

    /** Duplicate key on the first column (the one dsdgen writes first: the surrogate or the date key). */
    private static TpcTable table(Table table, String hashColumn, int buckets) {
        List<TpcColumn> columns = Arrays.stream(table.getColumns())
                .map(c -> new TpcColumn(c.getName(), sqlType(c), true)).toList();
        return new TpcTable(table.getName(), columns, List.of(columns.getFirst().name()), hashColumn, buckets,
                (scale, out) -> generate(table, scale, out));
    }

    private static String sqlType(Column column) {
        ColumnType type = column.getType();
        return switch (type.getBase()) {
            case IDENTIFIER -> "BIGINT";
            case INTEGER -> "INT";
            case DATE -> "DATE";
            case DECIMAL -> "DECIMAL(" + type.getPrecision().orElseThrow() + "," + type.getScale().orElseThrow() + ")";
            case CHAR -> "CHAR(" + type.getPrecision().orElseThrow() + ")";
            case VARCHAR -> "VARCHAR(" + type.getPrecision().orElseThrow() + ")";
            case TIME -> "VARCHAR(8)";
        };
    }

    private static void generate(Table table, double scale, Consumer<String> out) {
        Session session = Session.getDefaultSession().withScale(scale).withTable(table);
        StringBuilder line = new StringBuilder();
        for (List<List<String>> rows : Results.constructResults(table, session)) {
            // With withTable the generator yields only this table's row (not a child table's) per step.
            List<String> row = rows.getFirst();
            line.setLength(0);
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) {
                    line.append('|');
                }
                line.append(row.get(i) == null ? "\\N" : row.get(i));
            }
            out.accept(line.toString());
        }
    }
}
