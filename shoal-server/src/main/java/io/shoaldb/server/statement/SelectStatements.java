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
import io.shoaldb.server.session.ParameterText;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.parser.SqlQuotes;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.sql.planner.PlanTemplate;
import io.shoaldb.sql.planner.QueryShape;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.tree.SqlExplainQuery;
import io.shoaldb.vector.Batch;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlCall;
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
    private final StatementAccess access;

    SelectStatements(ServerContext server, QueryProfiles profiles, StatementAccess access) {
        this.server = server;
        this.access = access;
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
     * Whether {@link #select} answers the statement with the constant evaluator from the session's state: a
     * SELECT without a table that reads the session (its other functions are the evaluator's few string and
     * date functions, bounded by the text). Such a SELECT neither plans nor waits for the executor.
     */
    boolean answeredFromSession(SqlNode statement) {
        SqlNode query = statement instanceof SqlOrderBy orderBy ? orderBy.query : statement;
        return query instanceof SqlSelect select && select.getFrom() == null && SessionExpressions.uses(statement);
    }

    /**
     * A SELECT without a table, planned like any query so that its functions run on the same kernels (one
     * meaning for {@code SELECT date_add(...)} with or without a table); null when the planner does not take it
     * (a function only the constant evaluator knows), which the constant evaluator then answers. A fresh
     * parse is planned, since planning rewrites the tree.
     */
    private PhysicalPlan planConstant(ShoalSession session, String sql) {
        try {
            return server.planner().plan(DorisSqlParser.parse(sql), server.catalog().snapshot(), session.currentDatabase());
        } catch (ShoalException notPlannable) {
            return null;
        }
    }

    /** A query over tables: planned by Calcite into a physical plan (or taken from the plan cache), run by the parallel executor. */
    private StatementResult queryTables(ShoalSession session, SqlNode statement, String sql) {
        // Labels come from the text as written; planning may rewrite the tree.
        List<String> labels = labels(statement, sql);
        PhysicalPlan plan = server.planCache().enabled() ? planAndCache(session, statement, sql, labels)
                : plan(session, statement);
        return run(session, plan, labels, sql);
    }

    /** Runs a planned query: admitted, stoppable by KILL, profiled when the session asks, audited at close. */
    private StatementResult run(ShoalSession session, PhysicalPlan plan, List<String> labels, String sql) {
        access.checkReads(session, plan);
        QueryContext context = QueryContexts.of(session);
        Runnable leave = server.admission().admit(session.activity());
        try {
            if (!session.variables().profileEnabled()) {
                return new BatchQueryResult(started(session, server.executor().execute(plan, context)), labels,
                        context.queryId(), failed -> leave.run());
            }
            Instant start = Instant.now();
            QueryProfile profile = QueryProfile.measuring();
            String user = session.user();
            String database = session.currentDatabase();
            return new BatchQueryResult(started(session, server.executor().execute(plan, context, profile)), labels,
                    context.queryId(), failed -> {
                        leave.run();
                        profiles.add(new QueryProfiles.Entry(Long.toString(context.queryId()), user,
                                database == null ? "" : database, sql, start, Instant.now(), failed ? "ERR" : "EOF",
                                profile.render()));
                    });
        } catch (RuntimeException e) {
            leave.run();
            throw e;
        }
    }

    /** A running query becomes what KILL QUERY on the session stops. */
    private static QueryResultStream started(ShoalSession session, QueryResultStream stream) {
        session.activity().attach(stream::interrupt);
        return stream;
    }

    private PhysicalPlan plan(ShoalSession session, SqlNode query) {
        return server.planner().plan(query, server.catalog().snapshot(), session.currentDatabase(),
                QueryContexts.planner(session, server));
    }

    /**
     * EXPLAIN [VERBOSE | GRAPH]: the pipelines, one line per row in Doris's "Explain String" column. EXPLAIN
     * ANALYZE runs the query to its end (its rows are counted, not sent) and adds the counters.
     */
    StatementResult explain(ShoalSession session, SqlExplainQuery explain) {
        PhysicalPlan plan = plan(session, explain.query());
        access.checkReads(session, plan);
        QueryContext context = QueryContexts.of(session);
        TextTable table = new TextTable("Explain String");
        if (!explain.analyze()) {
            server.executor().explain(plan, context).forEach(table::row);
            return table.result();
        }
        QueryProfile profile = QueryProfile.measuring();
        long start = System.nanoTime();
        long rows = 0;
        Runnable leave = server.admission().admit(session.activity());
        try (QueryResultStream stream = started(session, server.executor().execute(plan, context, profile))) {
            for (Batch b = stream.next(); b != null; b = stream.next()) {
                rows += b.positionCount();
            }
            stream.close();
            table.row(String.format(Locale.ROOT, "QUERY %d: %d rows in %.2f ms, scans read %d rows (%d bytes)",
                    context.queryId(), rows, (System.nanoTime() - start) / 1e6, stream.scannedRows(),
                    stream.scannedBytes()));
        } finally {
            leave.run();
        }
        profile.render().forEach(table::row);
        return table.result();
    }

    /**
     * The columns a prepared query over tables returns, for COM_STMT_PREPARE's reply (clients such as
     * Connector/J open a cursor only when the prepare reply has them): planned with every parameter NULL, since
     * a parameter's value does not change the shape of the result. Empty when that does not plan (a constant
     * SELECT, or a parameter whose type matters); the execute reply carries the columns then.
     */
    List<ResultColumn> describe(ShoalSession session, String sql) {
        ParameterText text = ParameterText.scan(sql);
        String bound = text.bind(Collections.nCopies(text.count(), null));
        try {
            SqlNode statement = DorisSqlParser.parse(bound);
            SqlNode query = statement instanceof SqlOrderBy orderBy ? orderBy.query : statement;
            if (query instanceof SqlSelect select && isConstant(select)) {
                return List.of();
            }
            List<String> labels = labels(statement, bound);
            PhysicalPlan plan = server.planner().plan(statement, server.catalog().snapshot(),
                    session.currentDatabase(), QueryContexts.planner(session, server));
            access.checkReads(session, plan);
            return BatchQueryResult.columns(plan.columns(), labels);
        } catch (ShoalException notPlannable) {
            return List.of();
        }
    }

    /**
     * A SELECT over tables from the plan cache, without parsing: null when the cache has no plan for its shape
     * that is still valid (same catalog, tables of about the same size) and whose fixed literals match.
     */
    StatementResult runCached(ShoalSession session, String sql) {
        PlanCache cache = server.planCache();
        if (!cache.enabled() || !startsWithQuery(sql)) {
            return null;
        }
        QueryShape shape = QueryShape.of(sql);
        String key = cacheKey(session, shape);
        PlanCache.Entry entry = cache.get(key);
        if (entry == null) {
            return null;
        }
        if (entry.catalog() != server.catalog().snapshot()
                || !QueryContexts.sameMagnitudes(entry.rowMagnitudes(), server.storage())) {
            cache.remove(key, entry);
            return null;
        }
        PhysicalPlan plan = entry.template().bind(shape);
        if (plan == null) {
            return null;
        }
        cache.hit();
        return run(session, plan, entry.labels(), sql);
    }

    /**
     * Plans a query with its comparison literals as parameters and caches the plan. A query the planner cannot
     * take that way is planned as written (which also gives the error of a wrong query) and not cached.
     */
    private PhysicalPlan planAndCache(ShoalSession session, SqlNode statement, String sql, List<String> labels) {
        QueryShape shape = QueryShape.of(sql);
        CatalogSnapshot catalog = server.catalog().snapshot();
        Map<Long, Integer> magnitudes = new ConcurrentHashMap<>();
        PlanTemplate template;
        PhysicalPlan plan;
        try {
            template = server.planner().prepare(statement, shape, catalog, session.currentDatabase(),
                    QueryContexts.planner(session, server, magnitudes));
            plan = template.bind(shape);
        } catch (RuntimeException notParameterisable) {
            return server.planner().plan(DorisSqlParser.parse(sql), catalog, session.currentDatabase(),
                    QueryContexts.planner(session, server));
        }
        server.planCache().miss();
        if (template.reusable()) {
            server.planCache().put(cacheKey(session, shape), new PlanCache.Entry(catalog, Map.copyOf(magnitudes),
                    template, labels));
        }
        return plan;
    }

    private static String cacheKey(ShoalSession session, QueryShape shape) {
        String database = session.currentDatabase();
        return (database == null ? "" : database) + '\0' + session.variables().get("broadcast_row_count_limit")
                + '\0' + shape.key();
    }

    /**
     * Whether the text is a query by its first word, SELECT or WITH, after any whitespace and comments (only queries
     * are in the plan cache). Tools and benchmarks often tag a query with a leading comment; it is part of the cache
     * key like the rest of the text, so the same commented text finds its plan.
     */
    static boolean startsWithQuery(String sql) {
        int i = skipSpaceAndComments(sql);
        return startsWithWord(sql, i, "select") || startsWithWord(sql, i, "with");
    }

    /** The index of the first character that is neither whitespace nor in a comment. */
    private static int skipSpaceAndComments(String sql) {
        int i = 0;
        while (i < sql.length()) {
            int commentEnd;
            if (Character.isWhitespace(sql.charAt(i))) {
                i++;
            } else if ((commentEnd = SqlQuotes.commentEnd(sql, i)) >= 0) {
                i = commentEnd;
            } else {
                return i;
            }
        }
        return i;
    }

    private static boolean startsWithWord(String sql, int i, String word) {
        int end = i + word.length();
        return sql.regionMatches(true, i, word, 0, word.length())
                && (end == sql.length() || !Character.isLetterOrDigit(sql.charAt(end)) && sql.charAt(end) != '_');
    }

    /**
     * MySQL's column labels: the alias, else a column's own name, else the expression as written (of the first
     * SELECT of a UNION / INTERSECT / EXCEPT); null when the select list has a star (the planner's names are right
     * then).
     */
    private static List<String> labels(SqlNode statement, String sql) {
        SqlNode query = statement instanceof SqlWith with ? with.body : statement;
        query = query instanceof SqlOrderBy orderBy ? orderBy.query : query;
        while (query instanceof SqlCall setOperation && setOperation.getKind().belongsTo(SqlKind.SET_QUERY)) {
            query = setOperation.operand(0);
            query = query instanceof SqlOrderBy orderBy ? orderBy.query : query;
        }
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
