package io.shoaldb.server.streamload;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.QueryPlanner;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;

/**
 * The Stream Load {@code where} header: rows of the table's schema that fail it are left out, as
 * {@code NumberUnselectedRows}, not counted against {@code max_filter_ratio}. The condition is planned as
 * {@code SELECT * FROM t WHERE <where>}, so it is validated like a query (unknown columns, types) and
 * evaluated by the engine's vectorised filter over each decoded batch.
 */
final class WhereClause {
    private final FilterExpression filter;
    private final int[] tableColumns;

    private WhereClause(FilterExpression filter, int[] tableColumns) {
        this.filter = filter;
        this.tableColumns = tableColumns;
    }

    /** The compiled condition, or null when the header is absent. */
    static WhereClause compile(String where, CatalogSnapshot catalog, String database, Table table) {
        if (where == null || where.isBlank()) {
            return null;
        }
        String sql = "SELECT * FROM `" + database.replace("`", "``") + "`.`" + table.name().replace("`", "``")
                + "` WHERE " + where;
        PhysicalNode node = new QueryPlanner().plan(DorisSqlParser.parse(sql), catalog, database).root();
        while (node instanceof PhysicalExchange exchange) {
            node = exchange.input();
        }
        if (!(node instanceof PhysicalScan scan) || scan.filter() == null) {
            throw ErrorCode.NOT_SUPPORTED.exception("the Stream Load where condition '" + where + "'");
        }
        // The filter reads the scan's columns by position; a decoded batch has every table column.
        int[] tableColumns = scan.columns().stream().mapToInt(column -> column.tableIndex()).toArray();
        return new WhereClause(ExpressionCompiler.compileFilter(scan.filter()), tableColumns);
    }

    /** The rows of {@code batch} that pass, as a batch of the same columns. */
    Batch apply(Batch batch) {
        Batch rows = batch.compact();
        int n = rows.positionCount();
        ColumnVector[] view = new ColumnVector[tableColumns.length];
        for (int i = 0; i < view.length; i++) {
            view[i] = rows.column(tableColumns[i]);
        }
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        int[] selected = new int[n];
        int kept = filter.filter(new Batch(n, view), all, n, selected);
        return kept == n ? rows : rows.withSelection(selected, kept).compact();
    }
}
