package io.shoaldb.exec;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.ExchangeBuffer;
import io.shoaldb.sql.planner.physical.OutputColumn;
import io.shoaldb.vector.Batch;
import java.util.List;

/**
 * The result of a running query: column labels and types, then batches (flat, no selection) until
 * {@link #next()} returns null. {@link #close()} stops the parallel tasks, waits for them to release their
 * files and releases the table snapshot; it is idempotent and safe at any point (client gone mid-result,
 * error). The stream is used by one thread at a time; the final fragment runs in that thread.
 */
public final class QueryResultStream implements AutoCloseable {
    private final List<OutputColumn> columns;
    private final Operator root;
    private final Runnable release;
    private boolean closed;
    private boolean finished;

    QueryResultStream(List<OutputColumn> columns, Operator root, Runnable release) {
        this.columns = List.copyOf(columns);
        this.root = root;
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
            Batch b = root.next();
            if (b == null) {
                finished = true;
                close();
                return null;
            }
            return b.compact();
        } catch (RuntimeException e) {
            close();
            throw translate(e);
        }
    }

    private static ShoalException translate(RuntimeException e) {
        Throwable t = e instanceof ExchangeBuffer.ProducerFailure f ? f.getCause() : e;
        if (t instanceof ShoalException s) {
            return s;
        }
        return ErrorCode.INTERNAL_ERROR.exceptionWithCause(t, String.valueOf(t));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            root.close();
        } finally {
            release.run();
        }
    }
}
