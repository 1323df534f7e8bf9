package io.shoaldb.server.session;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.util.List;
import java.util.function.Consumer;

/**
 * A result set whose audit line is written when it is closed, once the client has read it: then the rows
 * returned, the rows the scans read and whether the query failed while streaming are known, and the time
 * includes sending the rows (as Doris's audit "Time").
 */
final class AuditedQueryResult implements QueryResult {
    private final QueryResult result;
    private final Consumer<AuditLog.Outcome> record;
    private long rows;
    private int errorCode;
    private boolean closed;

    AuditedQueryResult(QueryResult result, Consumer<AuditLog.Outcome> record) {
        this.result = result;
        this.record = record;
    }

    @Override
    public List<ResultColumn> columns() {
        return result.columns();
    }

    @Override
    public boolean next() {
        try {
            boolean more = result.next();
            if (more) {
                rows++;
            }
            return more;
        } catch (ShoalException e) {
            errorCode = e.code().mysqlErrorNumber();
            throw e;
        } catch (RuntimeException e) {
            errorCode = ErrorCode.INTERNAL_ERROR.mysqlErrorNumber();
            throw e;
        }
    }

    @Override
    public Object get(int index) {
        return result.get(index);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            result.close();
        } finally {
            QueryStatistics stats = result instanceof QueryStatistics s ? s : null;
            record.accept(new AuditLog.Outcome(errorCode, rows, stats == null ? 0 : stats.scannedRows(),
                    stats == null ? 0 : stats.scannedBytes(), stats == null ? "" : stats.queryId()));
        }
    }
}
