package io.shoaldb.server.statement;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.exec.QueryResultStream;
import io.shoaldb.server.session.QueryStatistics;
import io.shoaldb.sql.planner.physical.OutputColumn;
import io.shoaldb.vector.Batch;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A query's result batches as the row cursor protocols read. Rows are read from the column vectors in
 * place; closing (also early, when a client goes away) stops the query's tasks and frees its snapshot.
 */
final class BatchQueryResult implements QueryResult, QueryStatistics {
    /** Called once the query's drivers have stopped, with whether reading the result failed. */
    interface Closed {
        void closed(boolean failed);
    }

    private final QueryResultStream stream;
    private final List<ResultColumn> columns;
    private final String queryId;
    private final Closed onClose;
    private Batch batch;
    private int position;
    private boolean failed;
    private boolean closed;

    /**
     * @param labels the column labels the client sees, or null to use the plan's column names
     */
    BatchQueryResult(QueryResultStream stream, List<String> labels, long queryId) {
        this(stream, labels, queryId, failed -> { });
    }

    BatchQueryResult(QueryResultStream stream, List<String> labels, long queryId, Closed onClose) {
        this.stream = stream;
        this.queryId = Long.toString(queryId);
        this.onClose = onClose;
        List<OutputColumn> outputs = stream.columns();
        this.columns = IntStream.range(0, outputs.size())
                .mapToObj(i -> column(outputs.get(i), labels == null || labels.size() != outputs.size()
                        ? outputs.get(i).name() : labels.get(i)))
                .toList();
    }

    private static ResultColumn column(OutputColumn output, String label) {
        return new ResultColumn(label, "", "", output.type(), output.nullable());
    }

    @Override
    public List<ResultColumn> columns() {
        return columns;
    }

    @Override
    public boolean next() {
        position++;
        while (batch == null || position >= batch.positionCount()) {
            try {
                batch = stream.next();
            } catch (RuntimeException e) {
                failed = true;
                throw e;
            }
            position = 0;
            if (batch == null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Object get(int index) {
        return batch.column(index).getObject(position);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        stream.close();
        onClose.closed(failed);
    }

    @Override
    public String queryId() {
        return queryId;
    }

    @Override
    public long scannedRows() {
        return stream.scannedRows();
    }

    @Override
    public long scannedBytes() {
        return stream.scannedBytes();
    }
}
