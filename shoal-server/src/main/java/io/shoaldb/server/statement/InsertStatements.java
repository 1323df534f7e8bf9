package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.ingest.convert.FilterPolicy;
import io.shoaldb.ingest.convert.LoadCounters;
import io.shoaldb.ingest.convert.RejectedRow;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.convert.RowLayout;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.server.expression.ConstantEvaluator;
import io.shoaldb.server.load.LoadInfo;
import io.shoaldb.server.load.PendingLoad;
import io.shoaldb.server.session.ExplicitTransaction;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.session.Warning;
import io.shoaldb.sql.parser.LiteralInsert;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.tree.SqlDorisInsert;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.vector.Batch;
import io.shoaldb.ingest.groupcommit.GroupCommitMode;
import io.shoaldb.ingest.groupcommit.LoadResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

/**
 * INSERT INTO ... VALUES and INSERT INTO ... SELECT. Rows are converted with Doris's filtering rules; then
 * either group commit merges them with other loads ({@link GroupCommitEligibility} decides; never for a
 * query), or the normal path writes them to the tablets and commits one labelled transaction (or keeps them
 * for COMMIT inside BEGIN). A query's rows come from the planner and executor ({@link QueryRowFeeder}). The
 * reply is Doris's: affected rows = loaded rows, warnings = filtered rows, and the label and txn id in the info.
 */
final class InsertStatements {
    private final StatementAccess access;
    private static final int WARNINGS_KEPT = 64;
    private static final int MAX_BATCH_ROWS = 4096;
    private static final long MAX_BATCH_BYTES = 8L << 20;

    private final ServerContext server;
    private final InsertSchemas schemas = new InsertSchemas();

    InsertStatements(ServerContext server, StatementAccess access) {
        this.access = access;
        this.server = server;
    }

    /**
     * Runs an INSERT; {@code parameters} are the values of its {@code ?} placeholders (prepared
     * statements bind them here, straight into the rows, without re-parsing).
     */
    StatementResult insert(ShoalSession session, SqlDorisInsert statement, List<Object> parameters) {
        Into into = into(session, statement.database(), statement.table(), statement.columns());
        CatalogSnapshot catalog = into.catalog();
        Table table = into.table();
        long databaseId = into.databaseId();
        WriteTarget target = into.target();
        RowLayout layout = into.layout();
        int columnCount = layout.inputFieldCount();
        if (isQuery(statement.source())) {
            // Always the normal path (group commit takes only literal rows, as in Doris): planned before anything
            // is written, so a query error leaves nothing behind.
            PhysicalPlan plan = server.planner().plan(statement.source(), catalog, session.currentDatabase(),
                    QueryContexts.planner(session, server));
            access.checkReads(session, plan);
            if (plan.columns().size() != columnCount) {
                throw ErrorCode.WRONG_VALUE_COUNT.exception(1);
            }
            boolean strict = session.variables().insertStrict();
            return normalInsert(session, table, target, databaseId, statement.label(), layout, MAX_BATCH_ROWS, false,
                    (assembler, sink) -> QueryRowFeeder.feed(server.executor().execute(plan, QueryContexts.of(session)), assembler, sink, strict));
        }
        List<List<SqlNode>> rows = valuesRows(statement.source());
        GroupCommitMode groupCommit = GroupCommitEligibility.mode(session, table, statement, rows);
        if (groupCommit != null) {
            return groupCommitInsert(session, table, target, layout, rows.size(), groupCommit,
                    (assembler, sink) -> convert(session, rows, parameters, columnCount, assembler, sink), null)
                    .join();
        }
        // Sized by the statement: most INSERTs carry a few rows, and column builders for 4096 would be garbage.
        return normalInsert(session, table, target, databaseId, statement.label(), layout,
                Math.max(1, Math.min(rows.size(), MAX_BATCH_ROWS)), rows.size() < MAX_BATCH_ROWS,
                (assembler, sink) -> convert(session, rows, parameters, columnCount, assembler, sink));
    }

    /**
     * Runs a literal INSERT without a parse tree: the values go from the statement text to the converters
     * ({@link LiteralValues}), with the same checks, conversions, errors and path choice as
     * {@link #insert(ShoalSession, SqlDorisInsert, List)} gives the same statement parsed.
     * {@code parameters} are the values of its {@code ?} placeholders.
     */
    StatementResult insert(ShoalSession session, LiteralInsert statement, List<Object> parameters) {
        return insertLiterals(session, statement, parameters, null).join();
    }

    /**
     * {@link #insert(ShoalSession, LiteralInsert, List)} that does not park the calling thread on a group
     * commit: the rows are converted and join their batch here, and the future completes on {@code finisher},
     * to which group commit hands the finished load
     * ({@link io.shoaldb.ingest.groupcommit.GroupCommitManager#loadAsync}). Every other path (the normal one, a
     * request id) runs here and returns a completed future; failures before the rows join a batch are thrown.
     */
    CompletableFuture<StatementResult> insertAsync(ShoalSession session, LiteralInsert statement,
            List<Object> parameters, Executor finisher) {
        return insertLiterals(session, statement, parameters, finisher);
    }

    /** @param finisher where a deferred group-commit load completes; null to wait for it on this thread */
    private CompletableFuture<StatementResult> insertLiterals(ShoalSession session, LiteralInsert statement,
            List<Object> parameters, Executor finisher) {
        LiteralValues values = new LiteralValues(statement, parameters);
        Into into = into(session, statement.database(), statement.table(), statement.columns());
        Table table = into.table();
        long databaseId = into.databaseId();
        WriteTarget target = into.target();
        RowLayout layout = into.layout();
        int rows = statement.rowCount();
        GroupCommitMode groupCommit = GroupCommitEligibility.modeForLiterals(session, table);
        RowSource source = (assembler, sink) -> values.convert(
                () -> new ConstantEvaluator(new SessionEvaluationContext(session, server)), layout.inputFieldCount(),
                assembler, sink);
        if (groupCommit != null) {
            return groupCommitInsert(session, table, target, layout, rows, groupCommit, source, finisher);
        }
        return CompletableFuture.completedFuture(normalInsert(session, table, target, databaseId, null, layout,
                Math.max(1, Math.min(rows, MAX_BATCH_ROWS)), rows < MAX_BATCH_ROWS, source));
    }

    /** The table an INSERT writes, resolved once its LOAD_PRIV is checked, and the layout of the rows it is given. */
    private record Into(CatalogSnapshot catalog, Table table, long databaseId, WriteTarget target, RowLayout layout) {
    }

    private Into into(ShoalSession session, String databaseName, String tableName, List<String> columnList) {
        String database = Names.database(session, databaseName);
        access.of(session).checkTable(Privilege.LOAD_PRIV, database, tableName);
        CatalogSnapshot catalog = server.catalog().snapshot();
        Table table = TableStatements.table(catalog, database, tableName);
        long databaseId = catalog.database(database).orElseThrow().id();
        WriteTarget target = server.tables().writeTarget(table);
        RowLayout layout = schemas.of(table, target).layout(columnList, session.variables().insertStrict(),
                columns -> checkColumns(table, columns));
        return new Into(catalog, table, databaseId, target, layout);
    }

    /** Where an INSERT's rows come from: fills the assembler, handing it full batches and the last one. */
    @FunctionalInterface
    private interface RowSource {
        void feed(RowBatchAssembler assembler, Consumer<Batch> sink);
    }

    /**
     * The normal path: rows written to the tablets as they are converted, then one labelled transaction (or
     * kept for COMMIT inside BEGIN). On any failure the written files are deleted and nothing is committed.
     *
     * @param oneBatch the source's rows fit one batch by count (VALUES), so its first batch is the whole
     *        statement unless cut by bytes
     */
    private StatementResult normalInsert(ShoalSession session, Table table, WriteTarget target, long databaseId,
            String label, RowLayout layout, int batchRows, boolean oneBatch, RowSource source) {
        RowBatchAssembler assembler = new RowBatchAssembler(layout, batchRows, MAX_BATCH_BYTES, WARNINGS_KEPT);
        ExplicitTransaction transaction = session.transaction();
        PendingLoad pending = pendingLoad(session, transaction, databaseId, label);
        try {
            boolean sizeKnown = oneBatch && transaction == null;
            source.feed(assembler, batch -> pending.table(target, sizeKnown ? wholeStatementBytes(batch) : -1)
                    .append(batch));
            LoadCounters counters = checkFiltered(session, assembler);
            int warnings = (int) Math.min(Integer.MAX_VALUE, counters.filtered());
            if (transaction != null) {
                return new UpdateResult(counters.loaded(), warnings, LoadInfo.of(transaction.label(), "PREPARE", ""));
            }
            CommitResult result = pending.commit(Duration.ofSeconds(session.variables().insertTimeoutSeconds()));
            return new UpdateResult(counters.loaded(), warnings,
                    LoadInfo.of(result.label(), "VISIBLE", Long.toString(result.txnId())));
        } catch (RuntimeException e) {
            if (transaction == null) {
                pending.abortWrites();
            }
            throw e;
        }
    }

    /** A source that is a query over tables, rather than VALUES or a constant SELECT. */
    private static boolean isQuery(SqlNode source) {
        SqlNode query = source instanceof SqlOrderBy orderBy ? orderBy.query : source;
        return !(query.getKind() == SqlKind.VALUES || query instanceof SqlSelect select && select.getFrom() == null
                && select.getWhere() == null && source == query);
    }

    /**
     * What a one-batch INSERT writes, told by its first batch when that batch was not cut by bytes (-1 when it
     * may have been). Inside BEGIN ... COMMIT more statements follow, so callers pass -1 there, as for a query.
     */
    private static long wholeStatementBytes(Batch first) {
        return first.retainedBytes() < MAX_BATCH_BYTES / 2 ? first.retainedBytes() : -1;
    }

    /** MySQL's checks on an INSERT column list: every name exists, none twice. */
    private static List<String> checkColumns(Table table, List<String> columns) {
        Set<String> seen = new HashSet<>();
        for (String column : columns) {
            if (table.column(column).isEmpty()) {
                throw ErrorCode.UNKNOWN_COLUMN.exception(column, "field list");
            }
            if (!seen.add(column.toLowerCase(Locale.ROOT))) {
                throw ErrorCode.COLUMN_SPECIFIED_TWICE.exception(column);
            }
        }
        return columns;
    }

    private PendingLoad pendingLoad(ShoalSession session, ExplicitTransaction transaction, long databaseId,
            String label) {
        if (transaction == null) {
            return new PendingLoad(server.storage(), server.txns(), databaseId, label);
        }
        if (label != null) {
            throw ErrorCode.INVALID_VALUE.exception("INSERT WITH LABEL is not allowed inside a transaction");
        }
        if (transaction.load() == null) {
            transaction.setLoad(new PendingLoad(server.storage(), server.txns(), databaseId, transaction.label()));
        } else if (transaction.load().databaseId() != databaseId) {
            throw ErrorCode.INVALID_VALUE.exception("A transaction can only write tables of one database");
        }
        return transaction.load();
    }

    /**
     * Group commit: the rows become one batch, merged with other loads into the table's group transaction.
     * With a {@code finisher} the future completes on it when group commit finishes the load, without a thread
     * parked on it; without one it is complete on return. Failures before the load reaches group commit are
     * thrown.
     */
    private CompletableFuture<StatementResult> groupCommitInsert(ShoalSession session, Table table,
            WriteTarget target, RowLayout layout, int rows, GroupCommitMode mode, RowSource source,
            Executor finisher) {
        String requestId = session.variables().takeGroupCommitRequestId();
        // One batch holding exactly the statement's rows: group commit takes a load as one unit.
        RowBatchAssembler assembler = new RowBatchAssembler(layout, Math.max(1, rows), Long.MAX_VALUE, WARNINGS_KEPT);
        List<Batch> batches = new ArrayList<>(1);
        source.feed(assembler, batches::add);
        LoadCounters counters = checkFiltered(session, assembler);
        int warnings = (int) Math.min(Integer.MAX_VALUE, counters.filtered());
        if (counters.loaded() == 0) {
            return CompletableFuture.completedFuture(new UpdateResult(0, warnings, ""));
        }
        session.addGroupCommitTable(table.id());
        String id = requestId.isEmpty() ? null : requestId;
        Duration timeout = Duration.ofSeconds(session.variables().insertTimeoutSeconds());
        long intervalMs = table.properties().groupCommitIntervalMs();
        long dataBytes = table.properties().groupCommitDataBytes();
        if (finisher == null) {
            return CompletableFuture.completedFuture(reply(server.groupCommit().load(target, batches.get(0), mode,
                    intervalMs, dataBytes, id, timeout), warnings));
        }
        return server.groupCommit().loadAsync(target, batches.get(0), mode, intervalMs, dataBytes, id, timeout,
                finisher).thenApply(result -> reply(result, warnings));
    }

    /** Doris's reply to a group-commit INSERT: the batch's label and transaction, status PREPARE. */
    private static StatementResult reply(LoadResult result, int warnings) {
        return new UpdateResult(result.loadedRows(), warnings,
                LoadInfo.of(result.label(), result.status(), Long.toString(result.txnId())));
    }

    private LoadCounters checkFiltered(ShoalSession session, RowBatchAssembler assembler) {
        LoadCounters counters = assembler.counters();
        if (counters.filtered() == 0) {
            return counters; // nothing to report, and no ratio (0..1) or strict mode refuses an INSERT with nothing filtered
        }
        reportFiltered(session, assembler);
        new FilterPolicy(session.variables().insertMaxFilterRatio(), session.variables().insertStrict())
                .checkInsert(counters).ifPresent(failure -> {
                    throw failure;
                });
        return counters;
    }

    private void convert(ShoalSession session, List<List<SqlNode>> rows, List<Object> parameters, int columnCount,
            RowBatchAssembler assembler, Consumer<Batch> sink) {
        ConstantEvaluator evaluator = new ConstantEvaluator(new SessionEvaluationContext(session, server));
        Object[] values = new Object[columnCount];
        int rowNumber = 0;
        for (List<SqlNode> row : rows) {
            rowNumber++;
            if (row.size() != columnCount) {
                throw ErrorCode.WRONG_VALUE_COUNT.exception(rowNumber);
            }
            for (int i = 0; i < columnCount; i++) {
                SqlNode node = row.get(i);
                values[i] = node instanceof SqlDynamicParam param ? parameter(parameters, param)
                        : evaluator.evaluate(node).value();
            }
            assembler.appendObjects(values);
            if (assembler.isFull()) {
                sink.accept(assembler.flush());
            }
        }
        Batch rest = assembler.flush();
        if (rest != null && rest.positionCount() > 0) {
            sink.accept(rest);
        }
    }

    private static Object parameter(List<Object> parameters, SqlDynamicParam param) {
        return parameter(parameters, param.getIndex());
    }

    /** The value bound to placeholder {@code index}; an execution that bound fewer is refused as MySQL does. */
    static Object parameter(List<Object> parameters, int index) {
        checkParameter(parameters, index);
        return parameters.get(index);
    }

    /** Refuses, as MySQL does, a placeholder {@code index} past the values an execution bound. */
    static void checkParameter(List<Object> parameters, int index) {
        if (index >= parameters.size()) {
            throw ErrorCode.WRONG_ARGUMENTS.exception("mysqld_stmt_execute");
        }
    }

    private static void reportFiltered(ShoalSession session, RowBatchAssembler assembler) {
        for (RejectedRow rejected : assembler.rejectedRows().subList(0,
                Math.min(WARNINGS_KEPT, assembler.rejectedRows().size()))) {
            session.addWarning(new Warning("Warning", ErrorCode.INVALID_VALUE.mysqlErrorNumber(), rejected.reason()));
        }
    }

    /** The rows of {@code VALUES (...), (...)}, or of a constant {@code SELECT} (one row, no FROM). */
    static List<List<SqlNode>> valuesRows(SqlNode source) {
        if (source.getKind() == SqlKind.VALUES) {
            return ((SqlBasicCall) source).getOperandList().stream()
                    .map(row -> ((SqlBasicCall) row).getOperandList())
                    .toList();
        }
        if (source instanceof SqlSelect select && select.getFrom() == null && select.getWhere() == null) {
            return List.of(select.getSelectList().getList().stream()
                    .map(item -> item.getKind() == SqlKind.AS ? ((SqlBasicCall) item).operand(0) : item)
                    .toList());
        }
        throw new IllegalArgumentException("not a VALUES source: " + source.getKind());
    }
}
