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
