package io.shoaldb.server.session;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every statement a client runs, one line each, to the audit logger ({@code log/shoal.audit.log}
 * by the default Logback configuration). Prepared executions are recorded only when the session asks
 * for it ({@code enable_prepared_stmt_audit_log}), because at thousands of small batches a second the
 * log would cost more than the inserts. A line reads
 * {@code conn= user= host= db= kind= time_us= state=OK|ERR error_code= return_rows= scan_rows= scan_bytes=
 * query_id= stmt=}; the statement is last so that it may contain anything but a line break.
 */
public final class AuditLog {
    private static final Logger AUDIT = LoggerFactory.getLogger("shoal.audit");

    /**
     * How a statement ended.
     *
     * @param errorCode the MySQL error number, 0 when it succeeded
     * @param returnedRows rows of the result set sent to the client (0 for statements without one)
     * @param scannedRows rows the query's scans read from storage
     * @param scannedBytes bytes of decoded column data those scans read
     * @param queryId the executor's query id, empty when no query ran
     */
    public record Outcome(int errorCode, long returnedRows, long scannedRows, long scannedBytes, String queryId) {
        static final Outcome OK = new Outcome(0, 0, 0, 0, "");

        static Outcome error(int errorCode) {
            return new Outcome(errorCode, 0, 0, 0, "");
        }
    }

    public void record(long connectionId, String user, String host, String database, String kind,
            String statement, long elapsedMicros, Outcome outcome) {
        if (!AUDIT.isInfoEnabled()) {
            return;
        }
        // Built by hand: a parameterised message is formatted on this (the client's) thread anyway, even
        // behind an asynchronous appender, and the generic formatter cost more than a small INSERT.
        StringBuilder line = new StringBuilder(160 + statement.length());
        line.append("conn=").append(connectionId).append(" user=").append(user).append(" host=").append(host)
                .append(" db=").append(database == null ? "" : database).append(" kind=").append(kind)
                .append(" time_us=").append(elapsedMicros).append(" state=").append(outcome.errorCode() == 0 ? "OK" : "ERR")
                .append(" error_code=").append(outcome.errorCode()).append(" return_rows=").append(outcome.returnedRows())
                .append(" scan_rows=").append(outcome.scannedRows()).append(" scan_bytes=").append(outcome.scannedBytes())
                .append(" query_id=").append(outcome.queryId()).append(" stmt=");
        boolean oneLine = statement.indexOf('\n') < 0 && statement.indexOf('\r') < 0;
        line.append(oneLine ? statement : statement.replace('\n', ' ').replace('\r', ' '));
        AUDIT.info(line.toString());
    }
}
