package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.protocol.mysql.codec.PacketSink;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import java.util.List;

/**
 * Streams a result set: the column count, the column definitions, an EOF unless CLIENT_DEPRECATE_EOF, the rows,
 * and the closing EOF (or OK with the 0xFE header). Rows go out one by one as the cursor yields them, so a large
 * result is never held in memory; a failure mid-stream becomes an ERR packet in place of the next row, which
 * clients accept.
 */
public final class ResultSetWriter {
    private static final RowEncoder BINARY_ROWS = new BinaryRowEncoder();

    private ResultSetWriter() {
    }

    public static void write(PacketSink sink, QueryResult result, RowEncoder rows, boolean deprecateEof,
            int statusFlags) {
        List<ResultColumn> columns = result.columns();
        sink.send(new PayloadWriter(9).lenencInt(columns.size()));
        writeDefinitions(sink, columns, deprecateEof, statusFlags);
        while (result.next()) {
            sink.send(rows.encode(columns, result));
        }
        sink.send(ServerPackets.endOfRows(deprecateEof, statusFlags, 0));
    }

    /**
     * The reply to an execution that opens a cursor: the column count and definitions, then an EOF with
     * SERVER_STATUS_CURSOR_EXISTS, sent even under CLIENT_DEPRECATE_EOF since it carries that flag. The rows
     * follow in replies to COM_STMT_FETCH ({@link #writeFetched}).
     */
    public static void writeCursorOpened(PacketSink sink, List<ResultColumn> columns, int statusFlags) {
        sink.send(new PayloadWriter(9).lenencInt(columns.size()));
        for (ResultColumn column : columns) {
            sink.send(ColumnDefinition.packet(column));
        }
        sink.send(ServerPackets.eof(statusFlags | ServerPackets.STATUS_CURSOR_EXISTS, 0));
    }

    /**
     * The reply to COM_STMT_FETCH: up to {@code maxRows} rows, then the end-of-rows packet saying whether the
     * cursor has more (SERVER_STATUS_CURSOR_EXISTS) or is exhausted (SERVER_STATUS_LAST_ROW_SENT).
     *
     * @return true when the result is exhausted
     */
    public static boolean writeFetched(PacketSink sink, QueryResult result, long maxRows, boolean deprecateEof,
            int statusFlags) {
        List<ResultColumn> columns = result.columns();
        boolean exhausted = false;
        for (long sent = 0; sent < maxRows; sent++) {
            if (!result.next()) {
                exhausted = true;
                break;
            }
            sink.send(BINARY_ROWS.encode(columns, result));
        }
        int status = statusFlags | (exhausted ? ServerPackets.STATUS_LAST_ROW_SENT : ServerPackets.STATUS_CURSOR_EXISTS);
        sink.send(ServerPackets.endOfRows(deprecateEof, status, 0));
        return exhausted;
    }

    /** Column definitions followed by the EOF that CLIENT_DEPRECATE_EOF removes. */
    public static void writeDefinitions(PacketSink sink, List<ResultColumn> columns, boolean deprecateEof,
            int statusFlags) {
        for (ResultColumn column : columns) {
            sink.send(ColumnDefinition.packet(column));
        }
        if (!deprecateEof) {
            sink.send(ServerPackets.eof(statusFlags, 0));
        }
    }
}
