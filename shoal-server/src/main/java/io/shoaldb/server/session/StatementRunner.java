package io.shoaldb.server.session;

import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.StatementResult;
import io.shoaldb.sql.parser.LiteralInsert;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.calcite.sql.SqlNode;

/** Executes parsed statements for a session; the server's statement package implements it. */
public interface StatementRunner {
    /** Runs a statement; {@code sql} is its text, from which result columns take their labels. */
    StatementResult run(ShoalSession session, SqlNode statement, String sql);

    /**
     * Runs a literal INSERT straight from its recognised text, without a parse tree; {@code parameters} are the
     * values of its {@code ?} placeholders (none for a statement sent as text).
     */
    StatementResult runLiteralInsert(ShoalSession session, LiteralInsert insert, List<Object> parameters);

    /**
     * {@link #runLiteralInsert} without parking the calling thread on a group commit: the future completes on
     * {@code finisher}, to which the thread that finishes the load hands it (see
     * {@link io.shoaldb.api.Session#executeAsync}). Failures before the rows reach group commit may be thrown.
     */
    CompletableFuture<StatementResult> runLiteralInsertAsync(ShoalSession session, LiteralInsert insert,
            List<Object> parameters, Executor finisher);

    /**
     * Runs a prepared statement with its parameter values. INSERTs bind the values straight into their
     * rows; other statements may render them into {@code sql} and re-parse (they are rare).
     */
    StatementResult runPrepared(ShoalSession session, SqlNode statement, String sql, List<Object> parameters);

    /** Runs a statement from a cached plan, without parsing it; null when there is none for it. */
    StatementResult runCached(ShoalSession session, String sql);

    /**
     * Whether the statement is answered from the session's own state alone, with work bounded by its text and
     * nothing to wait for (a SELECT of system variables and session functions without a table).
     */
    boolean answersImmediately(SqlNode statement);

    /** Whether the statement reads the warnings (so they must not be cleared before it runs). */
    boolean isWarningsQuery(SqlNode statement);

    /**
     * The result columns a prepared statement will return, if known without running it ({@code sql} has its
     * {@code ?} placeholders).
     */
    List<ResultColumn> describeColumns(ShoalSession session, SqlNode statement, String sql);

    /** The columns of a table, for COM_FIELD_LIST. */
    List<ResultColumn> listFields(ShoalSession session, String table, String wildcard);

    /** Throws UNKNOWN_DATABASE unless the database exists. */
    void checkDatabaseExists(String database);

    /** Throws DB_ACCESS_DENIED (1044) unless the session's account holds a privilege on the database (USE). */
    void checkDatabaseAccess(ShoalSession session, String database);
}
