package io.shoaldb.server.session;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every statement a client runs, one line each, to the audit logger ({@code log/shoal.audit.log}
 * by the default Logback configuration). Prepared executions are recorded only when the session asks
 * for it ({@code enable_prepared_stmt_audit_log}), because at thousands of small batches a second the
 * log would cost more than the inserts.
 */
public final class AuditLog {
    private static final Logger AUDIT = LoggerFactory.getLogger("shoal.audit");

    /**
     * @param state "OK" or "ERR <code>"
     */
    public void record(long connectionId, String user, String host, String database, String kind,
            String statement, long elapsedMicros, String state) {
        if (!AUDIT.isInfoEnabled()) {
            return;
        }
        // Built by hand: a parameterised message is formatted on this (the client's) thread anyway, even
        // behind an asynchronous appender, and the generic formatter cost more than a small INSERT.
        StringBuilder line = new StringBuilder(96 + statement.length());
        line.append("conn=").append(connectionId).append(" user=").append(user).append(" host=").append(host)
                .append(" db=").append(database == null ? "" : database).append(" kind=").append(kind)
                .append(" time_us=").append(elapsedMicros).append(" state=").append(state).append(" stmt=");
        boolean oneLine = statement.indexOf('\n') < 0 && statement.indexOf('\r') < 0;
        line.append(oneLine ? statement : statement.replace('\n', ' ').replace('\r', ' '));
        AUDIT.info(line.toString());
    }
}
