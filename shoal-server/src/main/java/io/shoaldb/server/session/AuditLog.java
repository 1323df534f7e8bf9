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
        if (AUDIT.isInfoEnabled()) {
            AUDIT.info("conn={} user={} host={} db={} kind={} time_us={} state={} stmt={}", connectionId, user,
                    host, database == null ? "" : database, kind, elapsedMicros, state, oneLine(statement));
        }
    }

    private static String oneLine(String statement) {
        return statement.replace('\n', ' ').replace('\r', ' ');
    }
}
