package io.shoaldb.protocol.mysql.command;

import io.shoaldb.api.PreparedStatementInfo;
import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.Session;
import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.Failures;
import io.shoaldb.protocol.mysql.auth.Capabilities;
import io.shoaldb.protocol.mysql.codec.Packet;
import io.shoaldb.protocol.mysql.codec.PacketSink;
import io.shoaldb.protocol.mysql.codec.PayloadReader;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.protocol.mysql.result.BinaryRowEncoder;
import io.shoaldb.protocol.mysql.result.ColumnDefinition;
import io.shoaldb.protocol.mysql.result.ResultSetWriter;
import io.shoaldb.protocol.mysql.result.RowEncoder;
import io.shoaldb.protocol.mysql.result.ServerPackets;
import io.shoaldb.protocol.mysql.result.TextRowEncoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Runs the command phase of one authenticated connection: reads the command byte, calls the Session and
 * writes the reply. Any failure of a command becomes an ERR packet and the connection goes on, since the
 * packet boundaries are intact; only the caller decides to close.
 *
 * <p>A statement the session finishes later ({@link Session#executeAsync}: an INSERT waiting for its group
 * commit) is <i>deferred</i>: {@link #dispatch} returns without its reply, and {@link #takeDeferred} hands the
 * caller a future that completes once the reply has been written. The session finishes such a statement on
 * the reply executor (the connection's event loop) it is given, so no thread waits for the statement, the
 * thread that finished its work only hands it over, and the reply is written right there.
 */
public final class CommandDispatcher {
    private static final int COM_QUIT = 0x01;
    private static final int COM_INIT_DB = 0x02;
    private static final int COM_QUERY = 0x03;
    private static final int COM_FIELD_LIST = 0x04;
    private static final int COM_STATISTICS = 0x08;
    private static final int COM_PING = 0x0E;
    private static final int COM_STMT_PREPARE = 0x16;
    private static final int COM_STMT_EXECUTE = 0x17;
    private static final int COM_STMT_SEND_LONG_DATA = 0x18;
    private static final int COM_STMT_CLOSE = 0x19;
    private static final int COM_STMT_RESET = 0x1A;
    private static final int COM_SET_OPTION = 0x1B;
    private static final int COM_STMT_FETCH = 0x1C;
    /** COM_STMT_EXECUTE flags asking for a cursor (read-only, for update, scrollable: all served read-only). */
    private static final int CURSOR_FLAGS = 0x07;
    private static final int COM_RESET_CONNECTION = 0x1F;

    private static final RowEncoder TEXT = new TextRowEncoder();
    private static final RowEncoder BINARY = new BinaryRowEncoder();

    private final Session session;
    private final PacketSink sink;
    private final boolean deprecateEof;
    private final int maxAllowedPacket;
    private final long startedNanos = System.nanoTime();
    private final Map<Integer, PreparedStatementState> statements = new HashMap<>();
    private final Executor replies;
    private boolean multiStatements;
    private long questions;
    /** The reply of the command just dispatched when it comes later; null otherwise. */
    private CompletableFuture<Void> deferred;

    /** @param replies where a deferred statement's reply is written (it must never wait on a full socket) */
    public CommandDispatcher(Session session, PacketSink sink, int capabilities, int maxAllowedPacket,
            Executor replies) {
        this.session = session;
        this.replies = replies;
        this.sink = sink;
        this.deprecateEof = Capabilities.has(capabilities, Capabilities.DEPRECATE_EOF);
        this.multiStatements = Capabilities.has(capabilities, Capabilities.MULTI_STATEMENTS);
        this.maxAllowedPacket = maxAllowedPacket;
    }

    /**
     * Runs one command.
     *
     * @return false when the client quit (COM_QUIT) and the connection should close
     */
    public boolean dispatch(Packet packet) {
        PayloadReader in = new PayloadReader(packet.payload());
        try {
            if (!in.hasRemaining()) {
                throw PayloadReader.malformed("empty command packet");
            }
            int command = in.int1();
            questions++;
            switch (command) {
                case COM_QUIT -> {
                    return false;
                }
                case COM_INIT_DB -> {
                    session.useDatabase(in.restString());
                    sendOk(UpdateResult.OK);
                }
                case COM_QUERY -> query(in.restString());
                case COM_FIELD_LIST -> fieldList(in);
                case COM_STATISTICS -> sink.send(new PayloadWriter(128).restString(statistics()));
                case COM_PING -> sendOk(UpdateResult.OK);
                case COM_STMT_PREPARE -> prepare(in.restString());
                case COM_STMT_EXECUTE -> execute(in);
                case COM_STMT_SEND_LONG_DATA -> sendLongData(in);
                case COM_STMT_CLOSE -> closeStatement(in);
                case COM_STMT_RESET -> resetStatement(in);
                case COM_STMT_FETCH -> fetch(in);
                case COM_SET_OPTION -> setOption(in);
                case COM_RESET_CONNECTION -> {
                    clear();
                    session.reset();
                    sendOk(UpdateResult.OK);
                }
                default -> throw ErrorCode.UNKNOWN_COMMAND.exception();
            }
        } catch (ConnectionClosedException e) {
            throw e;
        } catch (RuntimeException e) {
            sink.send(ServerPackets.err(e));
        }
        return true;
    }

    /**
     * Runs a COM_QUERY now if the session answers it without waiting ({@link Session#executeIfImmediate}), on
     * the calling thread.
     *
     * @return false, having done nothing, for any other command or statement: {@link #dispatch} runs it
     */
    public boolean dispatchImmediate(Packet packet) {
        byte[] payload = packet.payload();
        if (payload.length < 2 || (payload[0] & 0xFF) != COM_QUERY) {
            return false;
        }
        PayloadReader in = new PayloadReader(payload);
        in.int1();
        String sql = in.restString();
        if (multiStatements && sql.indexOf(';') >= 0) {
            return false;
        }
        try {
            StatementResult result = session.executeIfImmediate(sql);
            if (result == null) {
                return false;
            }
            questions++;
            reply(result, TEXT, 0);
        } catch (ConnectionClosedException e) {
            throw e;
        } catch (RuntimeException e) {
            questions++;
            sink.send(ServerPackets.err(e));
        }
        return true;
    }

    /**
     * With multi-statements on, each statement's result but the last carries SERVER_MORE_RESULTS_EXISTS; the
     * first failure ends the batch with its ERR, as in MySQL.
     */
    private void query(String sql) {
        if (!multiStatements) {
            replyWhenDone(session.executeAsync(sql, replies), TEXT);
            return;
        }
        List<String> parts = StatementSplitter.split(sql);
        if (parts.size() <= 1) {
            replyWhenDone(session.executeAsync(parts.isEmpty() ? sql : parts.getFirst(), replies), TEXT);
            return;
        }
        for (int i = 0; i < parts.size(); i++) {
            boolean last = i == parts.size() - 1;
            reply(session.execute(parts.get(i)), TEXT, last ? 0 : ServerPackets.STATUS_MORE_RESULTS_EXISTS);
        }
    }

    /**
     * The command ended by the last {@link #dispatch}, if its reply is deferred: a future completed (never
     * exceptionally) once the reply is written, on the reply executor. Null when the reply was written in
     * {@code dispatch}. Clears it.
     */
    public CompletableFuture<Void> takeDeferred() {
        CompletableFuture<Void> taken = deferred;
        deferred = null;
        return taken;
    }

    /**
     * Replies now when the statement has finished, else once it does (a deferred reply): on the reply
     * executor, where the session completes a deferred statement.
     */
    private void replyWhenDone(CompletableFuture<StatementResult> statement, RowEncoder rows) {
        if (statement.isDone()) {
            reply(finished(statement), rows, 0);
            return;
        }
        deferred = statement.handle((result, failure) -> {
            try {
                if (failure == null) {
                    reply(result, rows, 0);
                } else {
                    sink.send(ServerPackets.err(unwrap(failure)));
                }
            } catch (ConnectionClosedException e) {
                // the client has gone; nobody reads the reply
            } catch (RuntimeException e) {
                sink.send(ServerPackets.err(e));
            }
            return null;
        });
    }

    /** The result of a finished statement, or its own exception thrown. */
    private static StatementResult finished(CompletableFuture<StatementResult> statement) {
        try {
            return statement.join();
        } catch (CompletionException e) {
            throw unwrap(e);
        }
    }

    private static RuntimeException unwrap(Throwable failure) {
        Throwable cause = Failures.unwrap(failure);
        return cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
    }

    private void reply(StatementResult result, RowEncoder rows, int extraStatus) {
        switch (result) {
            case UpdateResult update -> sendOk(update, extraStatus);
            case QueryResult query -> {
                try (query) {
                    if (query.columns().isEmpty()) {
                        // A zero column count would read as an OK packet; say what it is.
                        sendOk(UpdateResult.OK, extraStatus);
                    } else {
                        ResultSetWriter.write(sink, query, rows, deprecateEof, status() | extraStatus);
                    }
                }
            }
        }
    }

    private void sendOk(UpdateResult update) {
        sendOk(update, 0);
    }

    private void sendOk(UpdateResult update, int extraStatus) {
        sink.send(ServerPackets.ok(update.affectedRows(), status() | extraStatus, update.warnings(), update.info()));
    }

    private int status() {
        return ServerPackets.statusFlags(session.status());
    }

    private void fieldList(PayloadReader in) {
        String table = in.nulTerminatedString();
        String wildcard = in.restString();
        List<ResultColumn> columns = session.listFields(table, wildcard.isEmpty() ? null : wildcard);
        for (ResultColumn column : columns) {
            // COM_FIELD_LIST definitions end with the column default, which we do not track: NULL.
            sink.send(ColumnDefinition.packet(column).int1(0xFB));
        }
        sink.send(ServerPackets.endOfRows(deprecateEof, status(), 0));
    }

    private String statistics() {
        long uptime = (System.nanoTime() - startedNanos) / 1_000_000_000L;
        return "Uptime: " + uptime + "  Threads: 1  Questions: " + questions
                + "  Slow queries: 0  Opens: 0  Flush tables: 0  Open tables: 0  Queries per second avg: "
                + String.format(Locale.ROOT, "%.3f", uptime == 0 ? 0.0 : (double) questions / uptime);
    }

    private void prepare(String sql) {
        PreparedStatementInfo info = session.prepare(sql);
        statements.put(info.statementId(), new PreparedStatementState(info.parameterCount()));
        List<ResultColumn> columns = info.columns();
        sink.send(new PayloadWriter(12).int1(0x00).int4(info.statementId()).int2(columns.size())
                .int2(info.parameterCount()).int1(0).int2(0));
        for (int i = 0; i < info.parameterCount(); i++) {
            sink.send(ColumnDefinition.parameterPacket());
        }
        if (info.parameterCount() > 0 && !deprecateEof) {
            sink.send(ServerPackets.eof(status(), 0));
        }
        if (!columns.isEmpty()) {
            ResultSetWriter.writeDefinitions(sink, columns, deprecateEof, status());
        }
    }

    private PreparedStatementState statement(int id, String command) {
        PreparedStatementState state = statements.get(id);
        if (state == null) {
            throw ErrorCode.UNKNOWN_STMT_HANDLER.exception(Integer.toUnsignedString(id), command);
        }
        return state;
    }

    private void execute(PayloadReader in) {
        int id = (int) in.int4();
        PreparedStatementState state = statement(id, "mysqld_stmt_execute");
        try {
            boolean cursor = (in.int1() & CURSOR_FLAGS) != 0;
            in.int4(); // iteration count, always 1
            state.checkLongData();
            List<Object> parameters = readParameters(in, state);
            state.closeCursor();
            if (!cursor) {
                replyWhenDone(session.executePreparedAsync(id, parameters, replies), BINARY);
                return;
            }
            StatementResult result = session.executePrepared(id, parameters);
            if (result instanceof QueryResult query && !query.columns().isEmpty()) {
                state.openCursor(query);
                ResultSetWriter.writeCursorOpened(sink, query.columns(), status());
            } else {
                reply(result, BINARY, 0);
            }
        } finally {
            state.resetLongData();
        }
    }

    /** COM_STMT_FETCH: the next rows of the cursor the statement's last execution opened. */
    private void fetch(PayloadReader in) {
        int id = (int) in.int4();
        long rows = in.int4();
        PreparedStatementState state = statement(id, "mysqld_stmt_fetch");
        QueryResult cursor = state.cursor();
        if (cursor == null) {
            throw ErrorCode.NO_OPEN_CURSOR.exception(Integer.toUnsignedString(id));
        }
        boolean exhausted;
        try {
            exhausted = ResultSetWriter.writeFetched(sink, cursor, Math.max(1, rows), deprecateEof, status());
        } catch (RuntimeException e) {
            state.closeCursor();
            throw e;
        }
        if (exhausted) {
            state.closeCursor();
        }
    }

    private static List<Object> readParameters(PayloadReader in, PreparedStatementState state) {
        int count = state.parameterCount;
        if (count == 0) {
            return new ArrayList<>(0);
        }
        byte[] nulls = in.bytes((count + 7) / 8);
        boolean newTypes = in.int1() == 1;
        if (newTypes) {
            int[] types = new int[count];
            for (int i = 0; i < count; i++) {
                int code = in.int1();
                int flags = in.int1();
                types[i] = code | ((flags & 0x80) != 0 ? ParameterDecoder.UNSIGNED : 0);
            }
            state.types = types;
        }
        return BinaryParameters.read(in, nulls, state);
    }

    /** No reply, by the protocol; trouble is reported by the next execution. */
    private void sendLongData(PayloadReader in) {
        if (in.remaining() < 6) {
            return;
        }
        PreparedStatementState state = statements.get((int) in.int4());
        int parameter = in.int2();
        if (state != null) {
            state.appendLongData(parameter, in.restBytes(), maxAllowedPacket);
        }
    }

    /** No reply, by the protocol; an unknown id is ignored. */
    private void closeStatement(PayloadReader in) {
        if (in.remaining() < 4) {
            return;
        }
        int id = (int) in.int4();
        PreparedStatementState state = statements.remove(id);
        if (state != null) {
            state.closeCursor();
            session.closePrepared(id);
        }
    }

    private void resetStatement(PayloadReader in) {
        PreparedStatementState state = statement((int) in.int4(), "mysqld_stmt_reset");
        state.resetLongData();
        state.closeCursor();
        sendOk(UpdateResult.OK);
    }

    /** Multi-statements on (0) or off (1), acknowledged as MySQL does, with an EOF. */
    private void setOption(PayloadReader in) {
        int option = in.int2();
        if (option != 0 && option != 1) {
            throw ErrorCode.UNKNOWN_COMMAND.exception();
        }
        multiStatements = option == 0;
        sink.send(ServerPackets.endOfRows(deprecateEof, status(), 0));
    }

    /** Forgets the prepared statements (and closes their cursors) when the session resets or goes away. */
    public void clear() {
        statements.values().forEach(PreparedStatementState::closeCursor);
        statements.clear();
    }
}
