package io.shoaldb.protocol.mysql.result;

import io.shoaldb.api.SessionStatus;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OK, EOF and ERR packets. This is the one place an ERR packet is built: from a {@link ShoalException}'s
 * {@link ErrorCode} (number, SQLSTATE) and message; anything else becomes INTERNAL_ERROR and is logged here.
 */
public final class ServerPackets {
    private static final Logger LOG = LoggerFactory.getLogger(ServerPackets.class);

    public static final int STATUS_IN_TRANS = 0x0001;
    public static final int STATUS_AUTOCOMMIT = 0x0002;
    public static final int STATUS_MORE_RESULTS_EXISTS = 0x0008;
    /** A read-only cursor is open: the rows come by COM_STMT_FETCH. */
    public static final int STATUS_CURSOR_EXISTS = 0x0040;
    /** The cursor's last row has been sent, in reply to COM_STMT_FETCH. */
    public static final int STATUS_LAST_ROW_SENT = 0x0080;

    private ServerPackets() {
    }

    public static int statusFlags(SessionStatus status) {
        if (status == null) {
            return STATUS_AUTOCOMMIT;
        }
        return (status.autocommit() ? STATUS_AUTOCOMMIT : 0) | (status.inTransaction() ? STATUS_IN_TRANS : 0);
    }

    /** An OK packet; {@code info} is the human-readable text clients such as the mysql CLI print after it. */
    public static PayloadWriter ok(long affectedRows, int statusFlags, int warnings, String info) {
        return okWithHeader(0x00, affectedRows, statusFlags, warnings, info);
    }

    /**
     * The end of a result set (or COM_SET_OPTION / COM_FIELD_LIST reply): with CLIENT_DEPRECATE_EOF an OK packet
     * with the 0xFE header, else a classic EOF packet.
     */
    public static PayloadWriter endOfRows(boolean deprecateEof, int statusFlags, int warnings) {
        return deprecateEof ? okWithHeader(0xFE, 0, statusFlags, warnings, "") : eof(statusFlags, warnings);
    }

    public static PayloadWriter eof(int statusFlags, int warnings) {
        return new PayloadWriter(5).int1(0xFE).int2(Math.min(warnings, 0xFFFF)).int2(statusFlags);
    }

    private static PayloadWriter okWithHeader(int header, long affectedRows, int statusFlags, int warnings,
            String info) {
        PayloadWriter out = new PayloadWriter(16 + (info == null ? 0 : info.length() * 3));
        out.int1(header).lenencInt(affectedRows).lenencInt(0).int2(statusFlags).int2(Math.min(warnings, 0xFFFF));
        if (info != null && !info.isEmpty()) {
            // Length-encoded, as MySQL's server writes it and Connector/J and libmysqlclient read it, although
            // the protocol documentation calls it string<EOF> without CLIENT_SESSION_TRACK.
            out.lenencString(info);
        }
        return out;
    }

    /** The ERR packet for any failure: ShoalException as it is, anything else as a logged internal error. */
    public static PayloadWriter err(Throwable failure) {
        ShoalException error = toShoalException(failure);
        ErrorCode code = error.code();
        PayloadWriter out = new PayloadWriter(16 + (error.getMessage() == null ? 0 : error.getMessage().length() * 3));
        out.int1(0xFF).int2(code.mysqlErrorNumber()).restString("#").restString(code.sqlState())
                .restString(error.getMessage() == null ? code.template() : error.getMessage());
        return out;
    }

    /** The exception a client is told about; unexpected exceptions are logged with their stack trace here. */
    public static ShoalException toShoalException(Throwable failure) {
        if (failure instanceof ShoalException shoal) {
            return shoal;
        }
        LOG.error("Unexpected failure while serving a MySQL client", failure);
        return ErrorCode.INTERNAL_ERROR.exceptionWithCause(failure, String.valueOf(failure));
    }
}
