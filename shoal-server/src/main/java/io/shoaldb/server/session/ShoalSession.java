package io.shoaldb.server.session;

import io.shoaldb.api.ClientInfo;
import io.shoaldb.api.PreparedStatementInfo;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.Session;
import io.shoaldb.api.SessionStatus;
import io.shoaldb.api.StatementResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.server.variable.SessionVariables;
import io.shoaldb.sql.parser.DorisSqlParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.calcite.sql.SqlNode;

/**
 * One client's session. It parses statements and hands them to the {@link StatementRunner}; it owns
 * the state that outlives a statement: current database, variables, the last statement's warnings,
 * prepared statements and whether an explicit transaction is open.
 */
public final class ShoalSession implements Session {
    private final ClientInfo client;
    private final SessionVariables variables;
    private final StatementRunner runner;
    private final AuditLog auditLog;
    private final Consumer<ShoalSession> onClose;
    private final Map<Integer, PreparedSql> prepared = new HashMap<>();
    private final List<Warning> warnings = new ArrayList<>();
    private String currentDatabase;
    private boolean inTransaction;
    private int nextStatementId = 1;
    private boolean closed;

    public ShoalSession(ClientInfo client, SessionVariables variables, StatementRunner runner, AuditLog auditLog,
            Consumer<ShoalSession> onClose) {
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

    public String user() {
        return client.user();
    }

    public String remoteHost() {
        return client.remoteHost();
    }

    @Override
    public String currentDatabase() {
        return currentDatabase;
    }

    @Override
    public void useDatabase(String database) {
        runner.checkDatabaseExists(database);
        currentDatabase = database;
    }

    /** Forgets the current database (after it was dropped). */
    public void clearCurrentDatabase() {
        currentDatabase = null;
    }

    public SessionVariables variables() {
        return variables;
    }

    public boolean inTransaction() {
        return inTransaction;
    }

    public void setInTransaction(boolean open) {
        inTransaction = open;
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
        return run("query", sql, sql, true);
    }

    private StatementResult run(String kind, String auditText, String sql, boolean audit) {
        long start = System.nanoTime();
        String state = "OK";
        try {
            SqlNode node = DorisSqlParser.parse(sql);
            if (!runner.isWarningsQuery(node)) {
                warnings.clear();
            }
            return runner.run(this, node, sql);
        } catch (ShoalException e) {
            state = "ERR " + e.code().mysqlErrorNumber();
            recordError(e);
            throw e;
        } catch (RuntimeException e) {
            state = "ERR internal";
            throw e;
        } finally {
            if (audit) {
                auditLog.record(client.connectionId(), client.user(), client.remoteHost(), currentDatabase, kind,
                        auditText, (System.nanoTime() - start) / 1000, state);
            }
        }
    }

    private void recordError(ShoalException e) {
        warnings.clear();
        warnings.add(new Warning("Error", e.code().mysqlErrorNumber(), e.getMessage()));
    }

    @Override
    public PreparedStatementInfo prepare(String sql) {
        SqlNode node = DorisSqlParser.parse(sql);
        int count = ParameterText.scan(sql).count();
        int id = nextStatementId++;
        prepared.put(id, new PreparedSql(sql, node, count));
        return new PreparedStatementInfo(id, count, runner.describeColumns(this, node));
    }

    @Override
    public StatementResult executePrepared(int statementId, List<Object> parameters) {
        PreparedSql statement = prepared.get(statementId);
        if (statement == null) {
            throw ErrorCode.UNKNOWN_STMT_HANDLER.exception(statementId, "mysqld_stmt_execute");
        }
        String bound = ParameterText.scan(statement.sql()).bind(parameters);
        return run("prepared", statement.sql(), bound, variables.preparedStatementAuditLog());
    }

    @Override
    public void closePrepared(int statementId) {
        prepared.remove(statementId);
    }

    @Override
    public List<ResultColumn> listFields(String table, String wildcard) {
        return runner.listFields(this, table, wildcard);
    }

    @Override
    public void reset() {
        prepared.clear();
        warnings.clear();
        variables.reset();
        inTransaction = false;
    }

    @Override
    public SessionStatus status() {
        return new SessionStatus(variables.autocommit(), inTransaction);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            prepared.clear();
            onClose.accept(this);
        }
    }
}
