package io.shoaldb.server.statement;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.RowListResult;
import io.shoaldb.api.StatementResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.exec.QueryContext;
import io.shoaldb.exec.QueryResultStream;
import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.server.expression.ConstantEvaluator;
import io.shoaldb.server.expression.Value;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.tree.SqlExplainQuery;
import io.shoaldb.vector.Batch;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlSelect;

/**
 * SELECTs. Queries over tables, and SELECTs without a table that do not read the session, go to the planner and
 * the parallel executor; the rest - what clients send on connect, system variables, FROM DUAL - are evaluated
 * here. EXPLAIN shows the pipelines a query would run as; EXPLAIN ANALYZE and {@code enable_profile} run it with
 * every operator counted.
 */
final class SelectStatements {
    private final ServerContext server;
    private final QueryProfiles profiles;

    SelectStatements(ServerContext server, QueryProfiles profiles) {
        this.server = server;
        this.profiles = profiles;
    }

    StatementResult select(ShoalSession session, SqlNode statement, String sql) {
        SqlNode query = statement;
        SqlNode fetch = null;
        SqlNode offset = null;
        if (query instanceof SqlOrderBy orderBy) {
            fetch = orderBy.fetch;
            offset = orderBy.offset;
            query = orderBy.query;
        }
        if (!(query instanceof SqlSelect select) || !isConstant(select)) {
            return queryTables(session, statement, sql);
        }
        if (select.getFrom() == null && !SessionExpressions.uses(statement)) {
            PhysicalPlan plan = planConstant(session, sql);
            if (plan != null) {
                QueryContext context = QueryContext.defaults();
                return new BatchQueryResult(server.executor().execute(plan, context), labels(statement, sql),
                        context.queryId());
            }
        }
        ConstantEvaluator evaluator = new ConstantEvaluator(new SessionEvaluationContext(session, server));
        List<ResultColumn> columns = new ArrayList<>();
        List<Object> row = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                throw ErrorCode.INVALID_VALUE.exception("No tables used");
            }
            Value value = evaluator.evaluate(item);
            columns.add(new ResultColumn(SourceText.label(item, sql), "", "", value.type(), true));
            row.add(value.value());
        }
        boolean keep = select.getWhere() == null || ConstantEvaluator.isTrue(evaluator.evaluate(select.getWhere()));
        keep &= limit(evaluator, fetch, Long.MAX_VALUE) > 0 && limit(evaluator, offset, 0) == 0;
        return new RowListResult(columns, keep ? List.of(row) : List.of());
    }

    /**
     * A SELECT without a table, planned like any query so that its functions run on the same kernels (one
     * meaning for {@code SELECT date_add(...)} with or without a table); null when the planner does not take it
     * (MySQL-only casts such as {@code CAST(x AS SIGNED)}), which the constant evaluator then answers. A fresh
     * parse is planned, since planning rewrites the tree.
     */
    private PhysicalPlan planConstant(ShoalSession session, String sql) {
        try {
            return server.planner().plan(DorisSqlParser.parse(sql), server.catalog().snapshot(), session.currentDatabase());
        } catch (ShoalException notPlannable) {
            return null;
        }
    }

    /** A query over tables: planned by Calcite into a physical plan, run by the parallel executor. */
    private StatementResult queryTables(ShoalSession session, SqlNode statement, String sql) {
        // Labels come from the text as written; planning may rewrite the tree.
        List<String> labels = labels(statement, sql);
        PhysicalPlan plan = plan(session, statement);
        QueryContext context = QueryContexts.of(session);
        if (!session.variables().profileEnabled()) {
            return new BatchQueryResult(server.executor().execute(plan, context), labels, context.queryId());
        }
        Instant start = Instant.now();
        QueryProfile profile = QueryProfile.measuring();
        String user = session.user();
        String database = session.currentDatabase();
        return new BatchQueryResult(server.executor().execute(plan, context, profile), labels, context.queryId(),
                failed -> profiles.add(new QueryProfiles.Entry(Long.toString(context.queryId()), user,
                        database == null ? "" : database, sql, start, Instant.now(), failed ? "ERR" : "EOF",
                        profile.render())));
    }

    private PhysicalPlan plan(ShoalSession session, SqlNode query) {
        return server.planner().plan(query, server.catalog().snapshot(), session.currentDatabase(),
                QueryContexts.planner(session, server.storage()));
    }

    /**
     * EXPLAIN [VERBOSE | GRAPH]: the pipelines, one line per row in Doris's "Explain String" column. EXPLAIN
     * ANALYZE runs the query to its end (its rows are counted, not sent) and adds the counters.
     */
    StatementResult explain(ShoalSession session, SqlExplainQuery explain) {
        PhysicalPlan plan = plan(session, explain.query());
        QueryContext context = QueryContexts.of(session);
        TextTable table = new TextTable("Explain String");
        if (!explain.analyze()) {
            server.executor().explain(plan, context).forEach(table::row);
            return table.result();
        }
        QueryProfile profile = QueryProfile.measuring();
        long start = System.nanoTime();
        long rows = 0;
        try (QueryResultStream stream = server.executor().execute(plan, context, profile)) {
            for (Batch b = stream.next(); b != null; b = stream.next()) {
                rows += b.positionCount();
            }
            stream.close();
            table.row(String.format(Locale.ROOT, "QUERY %d: %d rows in %.2f ms, scans read %d rows (%d bytes)",
                    context.queryId(), rows, (System.nanoTime() - start) / 1e6, stream.scannedRows(),
                    stream.scannedBytes()));
        }
        profile.render().forEach(table::row);
        return table.result();
    }

    /**
     * MySQL's column labels: the alias, else a column's own name, else the expression as written; null
     * when the select list has a star (the planner's names are right then).
     */
    private static List<String> labels(SqlNode statement, String sql) {
        SqlNode query = statement instanceof SqlWith with ? with.body : statement;
        query = query instanceof SqlOrderBy orderBy ? orderBy.query : query;
        if (!(query instanceof SqlSelect select)) {
            return null;
        }
        List<String> labels = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier identifier) {
                if (identifier.isStar()) {
                    return null;
                }
                labels.add(identifier.names.get(identifier.names.size() - 1));
            } else {
                labels.add(SourceText.label(item, sql));
            }
        }
        return labels;
    }

    private static long limit(ConstantEvaluator evaluator, SqlNode node, long absent) {
        if (node == null) {
            return absent;
        }
        Object value = evaluator.evaluate(node).value();
        if (value instanceof Long l) {
            return l;
        }
        if (value instanceof BigDecimal d) {
            return d.longValue();
        }
        throw ErrorCode.WRONG_ARGUMENTS.exception("LIMIT");
    }

    private static boolean isConstant(SqlSelect select) {
        SqlNode from = select.getFrom();
        return from == null || (from instanceof SqlIdentifier identifier && identifier.isSimple()
                && identifier.getSimple().equalsIgnoreCase("dual"));
    }

    /** The alias of an {@code expr AS alias} item, if any. */
    static String alias(SqlNode item) {
        if (item instanceof SqlBasicCall call && call.getKind() == SqlKind.AS) {
            SqlNode alias = call.operand(1);
            return alias instanceof SqlIdentifier identifier ? identifier.getSimple()
                    : ((SqlLiteral) alias).toValue();
        }
        return null;
    }
}
