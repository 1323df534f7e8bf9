package io.shoaldb.exec;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.exec.task.QueryExecution;
import io.shoaldb.exec.task.ResultQueue;
import io.shoaldb.sql.planner.physical.OutputColumn;
import io.shoaldb.vector.Batch;
import java.util.List;

/**
 * The result of a running query: column labels and types, then batches (flat, no selection) until
 * {@link #next()} returns null. {@link #close()} stops the query's drivers, waits for them to release their
 * files and releases the table snapshots; it is idempotent and safe at any point (client gone mid-result,
 * error). The stream is used by one thread at a time, which waits here while the workers produce.
 */
public final class QueryResultStream implements AutoCloseable {
    private final List<OutputColumn> columns;
    private final ResultQueue result;
    private final QueryExecution query;
    private final Runnable release;
    private boolean closed;
    private boolean finished;

    QueryResultStream(List<OutputColumn> columns, ResultQueue result, QueryExecution query, Runnable release) {
        this.columns = List.copyOf(columns);
        this.result = result;
        this.query = query;
        this.release = release;
    }

    public List<OutputColumn> columns() {
        return columns;
    }

    /** The next batch of results, or null at the end. Failures are {@link ShoalException}s. */
    public Batch next() {
        if (closed || finished) {
            return null;
        }
        try {
            Batch b = result.take();
            if (b == null) {
                finished = true;
                close();
                return null;
            }
            return b.compact();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw ErrorCode.INTERNAL_ERROR.exception("query interrupted");
        } catch (RuntimeException e) {
            close();
            throw QueryExecution.clientError(e);
        }
    }

    /** Rows the query's scans read so far (final once the stream is closed). */
    public long scannedRows() {
        return query.scans().rows();
    }

    /** Bytes of the decoded vectors the query's scans read so far. */
    public long scannedBytes() {
        return query.scans().bytes();
    }

    /** The query's profile, or null; its counters are complete once the stream is closed. */
    public QueryProfile profile() {
        return query.profile();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        release.run();
    }
}
