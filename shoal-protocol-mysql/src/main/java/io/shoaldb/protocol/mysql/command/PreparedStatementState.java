package io.shoaldb.protocol.mysql.command;

import io.shoaldb.api.QueryResult;
import io.shoaldb.common.error.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * What the protocol remembers about one prepared statement between commands: the parameter types last bound
 * (COM_STMT_EXECUTE may omit them when they have not changed) and data streamed by COM_STMT_SEND_LONG_DATA,
 * which the next execution uses and then forgets; and the cursor an execution opened, read by COM_STMT_FETCH.
 */
final class PreparedStatementState {
    final int parameterCount;
    /** Per parameter: the type code in the low byte, 0x8000 for unsigned; null until the first execution binds. */
    int[] types;
    private final ByteArrayOutputStream[] longData;
    private long longDataBytes;
    private boolean anyLongData;
    private String longDataError;
    /** The result of the last execution that asked for a cursor, while it has rows left; null otherwise. */
    private QueryResult cursor;

    PreparedStatementState(int parameterCount) {
        this.parameterCount = parameterCount;
        this.longData = new ByteArrayOutputStream[parameterCount];
    }

    /** Appends a chunk; errors are kept for the next execution, because COM_STMT_SEND_LONG_DATA has no reply. */
    void appendLongData(int parameter, byte[] chunk, int maxAllowedPacket) {
        if (parameter < 0 || parameter >= parameterCount) {
            longDataError = "parameter " + parameter + " out of range";
            return;
        }
        longDataBytes += chunk.length;
        if (longDataBytes > maxAllowedPacket) {
            longDataError = "long data exceeds max_allowed_packet";
            return;
        }
        if (longData[parameter] == null) {
            longData[parameter] = new ByteArrayOutputStream();
            anyLongData = true;
        }
        longData[parameter].writeBytes(chunk);
    }

    boolean hasLongData(int parameter) {
        return longData[parameter] != null;
    }

    byte[] longData(int parameter) {
        return longData[parameter].toByteArray();
    }

    void checkLongData() {
        if (longDataError != null) {
            String error = longDataError;
            resetLongData();
            throw ErrorCode.WRONG_ARGUMENTS.exception("mysqld_stmt_send_long_data: " + error);
        }
    }

    /** Keeps {@code result} for COM_STMT_FETCH, closing the cursor an earlier execution left open. */
    void openCursor(QueryResult result) {
        closeCursor();
        cursor = result;
    }

    /** The open cursor, or null. */
    QueryResult cursor() {
        return cursor;
    }

    /** Closes the open cursor, if any: its query stops and releases what it holds. */
    void closeCursor() {
        if (cursor != null) {
            QueryResult open = cursor;
            cursor = null;
            open.close();
        }
    }

    void resetLongData() {
        if (anyLongData) { // most statements never stream any: no pass over one slot per parameter
            Arrays.fill(longData, null);
            anyLongData = false;
        }
        longDataBytes = 0;
        longDataError = null;
    }
}
