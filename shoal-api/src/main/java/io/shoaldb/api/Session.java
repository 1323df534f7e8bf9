package io.shoaldb.api;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One client's conversation with the database. A session is used by one thread at a time (the protocol
 * serialises a connection's commands), so implementations need no locking of their own state.
 */
public interface Session extends AutoCloseable {
    long connectionId();

    /** The current database, or null when none is selected. */
    String currentDatabase();

    /** Switches the current database (COM_INIT_DB, and USE). */
    void useDatabase(String database);

    /** Runs one SQL statement. */
    StatementResult execute(String sql);

    /**
     * Runs the statement now if the session answers it from its own state with work bounded by its text - no
     * I/O, no lock another statement may hold, no other thread to wait for (what drivers send before each
     * statement, such as {@code SELECT @@session.transaction_read_only}) - so that a protocol may run it on the
     * thread that read it instead of handing it to a thread of its own and back. Returns null, having done
     * nothing, for any other statement: then {@link #execute} runs it.
     */
    default StatementResult executeIfImmediate(String sql) {
        return null;
    }

    /**
     * {@link #execute} for a protocol that can write the reply later. A statement whose end is another thread's
     * work (an INSERT waiting for its group commit) returns an incomplete future instead of parking the calling
     * thread; the future completes - with the result, or with the exception {@code execute} would throw - on
     * {@code finisher} (the connection's own executor, such as its event loop), which also runs the
     * statement's bookkeeping: the thread that finished the work only hands it over, and continuations that
     * do not ask for another executor run on {@code finisher} too, so they must be short and never block.
     * Until it completes the statement is running: the protocol must not start the connection's next command.
     * Any other statement runs now, like {@code execute} (a failure may be thrown or returned).
     */
    default CompletableFuture<StatementResult> executeAsync(String sql, Executor finisher) {
        return CompletableFuture.completedFuture(execute(sql));
    }

    /** {@link #executePrepared} as {@link #executeAsync} runs a statement. */
    default CompletableFuture<StatementResult> executePreparedAsync(int statementId, List<Object> parameters,
            Executor finisher) {
        return CompletableFuture.completedFuture(executePrepared(statementId, parameters));
    }

    /** Parses and plans a statement once, for many executions. */
    PreparedStatementInfo prepare(String sql);

    /**
     * Runs a prepared statement.
     *
     * @param parameters one value per placeholder, as Java objects (null for SQL NULL; byte[] for binary data); a
     *     protocol may hand a {@link ParameterList}, which also gives the common values without an object each
     */
    StatementResult executePrepared(int statementId, List<Object> parameters);

    /** Releases a prepared statement; an unknown id is ignored, as MySQL does. */
    void closePrepared(int statementId);

    /** The columns of a table, for COM_FIELD_LIST. */
    List<ResultColumn> listFields(String table, String wildcard);

    /** Resets variables, prepared statements and transaction state (COM_RESET_CONNECTION). */
    void reset();

    /**
     * The client went away: stops the statement running now, if any, so its work ends without waiting for a
     * client that will never read it. Called from the protocol's network thread; must not block.
     */
    void abort();

    /** State the protocol reports in every OK packet. */
    SessionStatus status();

    @Override
    void close();
}
