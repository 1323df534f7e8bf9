package io.shoaldb.server.session;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import java.util.List;

/**
 * A streamed result whose closing ends its statement's {@link SessionActivity}: the query keeps working while
 * the client reads, so SHOW PROCESSLIST shows it and KILL can stop it until then.
 */
final class ActivityTrackingResult implements QueryResult {
    private final QueryResult delegate;
    private final SessionActivity activity;
    private boolean closed;

    private ActivityTrackingResult(QueryResult delegate, SessionActivity activity) {
        this.delegate = delegate;
        this.activity = activity;
    }

    /** Wraps a streamed result so that closing it ends the statement's activity. */
    static QueryResult track(QueryResult result, SessionActivity activity) {
        return new ActivityTrackingResult(result, activity);
    }

    @Override
    public List<ResultColumn> columns() {
        return delegate.columns();
    }

    @Override
    public boolean next() {
        return delegate.next();
    }

    @Override
    public Object get(int index) {
        return delegate.get(index);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            delegate.close();
        } finally {
            activity.end();
        }
    }
}
