package io.shoaldb.server.session;

import io.shoaldb.api.ClientInfo;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.common.error.Failures;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.api.PreparedStatementInfo;
import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.Session;
import io.shoaldb.api.SessionStatus;
import io.shoaldb.api.StatementResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.server.variable.SessionVariables;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.parser.LiteralInsert;
import io.shoaldb.sql.parser.LiteralInsertScanner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.apache.calcite.sql.SqlNode;

/**
 * One client's session. It parses statements and hands them to the {@link StatementRunner}; it owns
 * the state that outlives a statement: current database, variables, the last statement's warnings,
 * prepared statements and whether an explicit transaction is open.
 */
public final class ShoalSession implements Session {
    /** Longer texts are not run by {@link #executeIfImmediate}: its work is bounded by the text. */
    private static final int IMMEDIATE_MAX_SQL_LENGTH = 4096;

    private final ClientInfo client;
    private final UserIdentity account;
    private CatalogSnapshot privilegesSnapshot;
    private Privileges privileges;
    private final SessionVariables variables;
    private final StatementRunner runner;
    private final AuditLog auditLog;
    private final ParsedStatementCache statementCache;
    private final Consumer<ShoalSession> onClose;
    private final Runnable disconnect;
    private final SessionActivity activity = new SessionActivity();
    private final PreparedStatementCount preparedCount;
    private final Map<Integer, PreparedSql> prepared = new HashMap<>();
    private final List<Warning> warnings = new ArrayList<>();
    private String currentDatabase;
    private ExplicitTransaction transaction;
    private final Set<Long> groupCommitTables = new HashSet<>();
    private int nextStatementId = 1;
    private boolean closed;

    public ShoalSession(ClientInfo client, UserIdentity account, SessionVariables variables, StatementRunner runner,
            AuditLog auditLog, ParsedStatementCache statementCache, PreparedStatementCount preparedCount,
            Consumer<ShoalSession> onClose, Runnable disconnect) {
        this.account = account;
        this.disconnect = disconnect;
        this.preparedCount = preparedCount;
        this.statementCache = statementCache;
        this.client = client;
        this.variables = variables;
        this.runner = runner;
        this.auditLog = auditLog;
        this.onClose = onClose;
    }

    @Override
    public long connectionId() {
        return client.connectionId();
    }

    /** What the session runs now; SHOW PROCESSLIST and KILL read it from other sessions' threads. */
    public SessionActivity activity() {
        return activity;
    }

    /** KILL CONNECTION: stops the running statement and closes the client's connection. */
    public void kill() {
        activity.interrupt();
        disconnect.run();
    }

    @Override
    public void abort() {
        activity.interrupt();
    }

    /** The TLS cipher suite of the client's connection, or null for a plain one. */
    public String tlsCipher() {
        return client.tlsCipher();
    }

    public String user() {
        return client.user();
    }

    public String remoteHost() {
        return client.remoteHost();
    }

    /** The account the client logged in as ({@code 'user'@'host pattern'}): whose privileges apply. */
    public UserIdentity account() {
        return account;
    }

    /**
     * The account's privileges in {@code snapshot}, computed again only when the catalog changed since the last
     * statement (any GRANT, REVOKE or DDL publishes a new snapshot), so checks cost nothing on a steady catalog.
     */
    public Privileges privileges(CatalogSnapshot snapshot) {
        if (snapshot != privilegesSnapshot) {
            privileges = Privileges.of(snapshot, account);
            privilegesSnapshot = snapshot;
        }
        return privileges;
    }

    @Override
    public String currentDatabase() {
        return currentDatabase;
    }

    @Override
    public void useDatabase(String database) {
        runner.checkDatabaseExists(database);
        runner.checkDatabaseAccess(this, database);
        currentDatabase = database;
    }

    /** Forgets the current database (after it was dropped). */
    public void clearCurrentDatabase() {
        currentDatabase = null;
    }

    public SessionVariables variables() {
        return variables;
    }

    /** Tables this session loaded through group commit, for SYNC GROUP COMMIT without a table. */
    public Set<Long> groupCommitTables() {
        return Set.copyOf(groupCommitTables);
    }

    public void addGroupCommitTable(long tableId) {
        groupCommitTables.add(tableId);
    }

    /** The open explicit transaction (BEGIN ... COMMIT), or null. */
    public ExplicitTransaction transaction() {
        return transaction;
    }

    public void setTransaction(ExplicitTransaction open) {
        transaction = open;
    }

    /** The warnings of the last statement that was not SHOW WARNINGS. */
    public List<Warning> warnings() {
        return List.copyOf(warnings);
    }

    public void addWarning(Warning warning) {
        warnings.add(warning);
    }

    @Override
    public StatementResult execute(String sql) {
        return run(sql, null, LiteralInsertScanner.scan(sql));
    }

    /**
     * A literal INSERT runs deferred ({@link #deferredInsert}) while the audit log has room for its line (the
     * line is then written without waiting, on {@code finisher}); everything else as {@link #execute}.
     */
    @Override
    public CompletableFuture<StatementResult> executeAsync(String sql, Executor finisher) {
        LiteralInsert literalInsert = LiteralInsertScanner.scan(sql);
        if (literalInsert == null || !auditLog.hasRoom()) {
            return CompletableFuture.completedFuture(run(sql, null, literalInsert));
        }
        return deferredInsert("query", sql, literalInsert, List.of(), true, finisher);
    }

    @Override
    public CompletableFuture<StatementResult> executePreparedAsync(int statementId, List<Object> parameters,
            Executor finisher) {
        PreparedSql statement = prepared.get(statementId);
        boolean audit = variables.preparedStatementAuditLog();
        if (statement == null || statement.literalInsert() == null || parameters.size() != statement.parameterCount()
                || audit && !auditLog.hasRoom()) {
            return CompletableFuture.completedFuture(executePrepared(statementId, parameters));
        }
        return deferredInsert("prepared", statement.sql(), statement.literalInsert(), parameters, audit, finisher);
    }

    /**
     * A literal INSERT whose group-commit wait parks no thread: the rows are converted and join their batch
     * here; the statement then stays running (SHOW PROCESSLIST shows it) until the load is finished, and the
     * session's bookkeeping - warnings, activity, audit line - is done on {@code finisher}, before the protocol
     * writes the reply and starts the connection's next command. The thread that finished the load (the WAL
     * syncer, the committer) only handed it over: its next fsync or commit does not wait for this.
     */
    private CompletableFuture<StatementResult> deferredInsert(String kind, String sql, LiteralInsert insert,
            List<Object> parameters, boolean audit, Executor finisher) {
        long start = System.nanoTime();
        String database = currentDatabase;
        activity.begin(sql);
        warnings.clear();
        CompletableFuture<StatementResult> pending;
        try {
            pending = runner.runLiteralInsertAsync(this, insert, parameters, finisher);
        } catch (RuntimeException e) {
            pending = CompletableFuture.failedFuture(e);
        }
        return pending.whenComplete((result, failure) -> {
            Throwable cause = Failures.unwrap(failure);
            AuditLog.Outcome outcome = AuditLog.Outcome.OK;
            if (cause instanceof ShoalException e) {
                outcome = AuditLog.Outcome.error(e.code().mysqlErrorNumber());
                recordError(e);
            } else if (cause != null) {
                outcome = AuditLog.Outcome.error(ErrorCode.INTERNAL_ERROR.mysqlErrorNumber());
            }
            activity.end();
            if (audit) {
                auditShown(kind, sql, database, start, outcome);
            }
        });
    }

    /**
     * Only statements whose tree the shared statement cache already holds (nothing is parsed here) and that the
     * runner answers from the session's state; and only while the audit log can take their line without waiting.
     */
    @Override
    public StatementResult executeIfImmediate(String sql) {
        if (sql.length() > IMMEDIATE_MAX_SQL_LENGTH || !auditLog.hasRoom()) {
            return null;
        }
        SqlNode node = statementCache.cached(sql);
        return node != null && runner.answersImmediately(node) ? run(sql, node, null) : null;
    }

    /**
     * @param parsed the statement's tree when the caller has it, else null
     * @param literalInsert the statement scanned as a literal INSERT (which the thousands of clients' INSERT is:
     *        it runs from its text, without a parse tree, and holds no secret), or null
     */
    private StatementResult run(String sql, SqlNode parsed, LiteralInsert literalInsert) {
        long start = System.nanoTime();
        AuditLog.Outcome outcome = AuditLog.Outcome.OK;
        if (literalInsert == null && parsed == null) {
            // The statements drivers repeat (SELECT @@..., SET ...) never have a cached plan: no plan-cache probe.
            parsed = statementCache.cached(sql);
        }
        String shown = literalInsert != null ? sql : DorisSqlParser.redactSecrets(sql);
        activity.begin(shown); // SHOW PROCESSLIST shows no password
        boolean streaming = false;
        try {
            StatementResult result = literalInsert != null || parsed != null ? null : runner.runCached(this, sql);
            if (literalInsert != null) {
                warnings.clear();
                result = runner.runLiteralInsert(this, literalInsert, List.of());
            } else if (result != null) {
                warnings.clear();
            } else {
                SqlNode node = parsed != null ? parsed : statementCache.parse(sql, false);
                if (!runner.isWarningsQuery(node)) {
                    warnings.clear();
                }
                result = runner.run(this, node, sql);
            }
            if (result instanceof QueryResult query) {
                outcome = null;
                streaming = true;
                return streamed(query, "query", sql, start, true);
            }
            return result;
        } catch (ShoalException e) {
            outcome = AuditLog.Outcome.error(e.code().mysqlErrorNumber());
            recordError(e);
            throw e;
        } catch (RuntimeException e) {
            outcome = AuditLog.Outcome.error(ErrorCode.INTERNAL_ERROR.mysqlErrorNumber());
            throw e;
        } finally {
            if (!streaming) {
                activity.end();
            }
            if (outcome != null) {
                auditShown("query", shown, currentDatabase, start, outcome);
            }
        }
    }

    /**
     * A result set's statement lasts until the client has read it and closes it: then the session's activity ends
     * and (when {@code audit}) its audit line is written.
     */
    private QueryResult streamed(QueryResult query, String kind, String sql, long start, boolean audit) {
        String database = currentDatabase;
        return new AuditedQueryResult(query, outcome -> {
            activity.end();
            if (audit) {
                audit(kind, sql, database, start, outcome);
            }
        });
    }

    private void audit(String kind, String sql, String database, long start, AuditLog.Outcome outcome) {
        auditShown(kind, DorisSqlParser.redactSecrets(sql), database, start, outcome);
    }

    /** Audits a statement whose text is already without secrets. */
    private void auditShown(String kind, String shown, String database, long start, AuditLog.Outcome outcome) {
        auditLog.record(client.connectionId(), client.user(), client.remoteHost(), database, kind, shown,
                (System.nanoTime() - start) / 1000, outcome);
    }

    private void recordError(ShoalException e) {
        warnings.clear();
        warnings.add(new Warning("Error", e.code().mysqlErrorNumber(), e.getMessage()));
    }

    @Override
    public PreparedStatementInfo prepare(String sql) {
        SqlNode node = statementCache.parse(sql, true);
        int count = ParameterText.scan(sql).count();
        List<ResultColumn> columns = runner.describeColumns(this, node, sql);
        preparedCount.reserve();
        int id = nextStatementId++;
        // A prepared literal INSERT (what batching drivers send) runs from its scanned text: no tree per execution.
        prepared.put(id, new PreparedSql(sql, node, LiteralInsertScanner.scan(sql), count));
        return new PreparedStatementInfo(id, count, columns);
    }

    @Override
    public StatementResult executePrepared(int statementId, List<Object> parameters) {
        PreparedSql statement = prepared.get(statementId);
        if (statement == null) {
            throw ErrorCode.UNKNOWN_STMT_HANDLER.exception(statementId, "mysqld_stmt_execute");
        }
        if (parameters.size() != statement.parameterCount()) {
            throw ErrorCode.WRONG_PARAM_COUNT.exception("mysqld_stmt_execute", statement.parameterCount(),
                    parameters.size());
        }
        long start = System.nanoTime();
        boolean audit = variables.preparedStatementAuditLog();
        AuditLog.Outcome outcome = AuditLog.Outcome.OK;
        activity.begin(statement.sql());
        boolean streaming = false;
        try {
            warnings.clear();
            StatementResult result = statement.literalInsert() != null
                    ? runner.runLiteralInsert(this, statement.literalInsert(), parameters)
                    : runner.runPrepared(this, statement.node(), statement.sql(), parameters);
            if (result instanceof QueryResult query) {
                streaming = true;
                outcome = null;
                return streamed(query, "prepared", statement.sql(), start, audit);
            }
            return result;
        } catch (ShoalException e) {
            outcome = AuditLog.Outcome.error(e.code().mysqlErrorNumber());
            recordError(e);
            throw e;
        } catch (RuntimeException e) {
            outcome = AuditLog.Outcome.error(ErrorCode.INTERNAL_ERROR.mysqlErrorNumber());
            throw e;
        } finally {
            if (!streaming) {
                activity.end();
            }
            if (audit && outcome != null) {
                audit("prepared", statement.sql(), currentDatabase, start, outcome);
            }
        }
    }

    @Override
    public void closePrepared(int statementId) {
        if (prepared.remove(statementId) != null) {
            preparedCount.release(1);
        }
    }

    @Override
    public List<ResultColumn> listFields(String table, String wildcard) {
        return runner.listFields(this, table, wildcard);
    }

    @Override
    public void reset() {
        forgetPrepared();
        warnings.clear();
        variables.reset();
        discardTransaction();
    }

    private void forgetPrepared() {
        preparedCount.release(prepared.size());
        prepared.clear();
    }

    /** A connection that ends or resets inside a transaction rolls it back. */
    private void discardTransaction() {
        if (transaction != null && transaction.load() != null) {
            transaction.load().abortWrites();
        }
        transaction = null;
    }

    @Override
    public SessionStatus status() {
        return new SessionStatus(variables.autocommit(), transaction != null);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            forgetPrepared();
            discardTransaction();
            onClose.accept(this);
        }
    }
}
