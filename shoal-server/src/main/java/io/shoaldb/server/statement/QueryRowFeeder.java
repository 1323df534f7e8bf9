package io.shoaldb.server.statement;

import io.shoaldb.exec.QueryResultStream;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.vector.Batch;
import java.util.function.Consumer;

/**
 * The rows of an INSERT ... SELECT: the query's result batches, fed row by row through the same
 * {@link RowBatchAssembler} as INSERT ... VALUES, so assignment to the target columns (conversion, NULL or
 * filtered rows, defaults of omitted columns) follows one set of Doris rules whatever the source. The query
 * reads the snapshot taken when it started, so selecting from the target table never sees its own rows.
 */
final class QueryRowFeeder {
    private QueryRowFeeder() {
    }

    /**
     * Feeds every result row, handing full batches and the last one to {@code sink}; closes the query.
     *
     * @param stopAtFirstFiltered strict mode: one filtered row fails the statement, so the query stops there
     */
    static void feed(QueryResultStream rows, RowBatchAssembler assembler, Consumer<Batch> sink,
            boolean stopAtFirstFiltered) {
        try (rows) {
            Object[] values = new Object[rows.columns().size()];
            for (Batch batch = rows.next(); batch != null; batch = rows.next()) {
                for (int r = 0; r < batch.positionCount(); r++) {
                    for (int c = 0; c < values.length; c++) {
                        values[c] = batch.getObject(r, c);
                    }
                    if (!assembler.appendObjects(values) && stopAtFirstFiltered) {
                        return; // the caller's filter check fails the statement
                    }
                    if (assembler.isFull()) {
                        sink.accept(assembler.flush());
                    }
                }
            }
        }
        Batch rest = assembler.flush();
        if (rest != null && rest.positionCount() > 0) {
            sink.accept(rest);
        }
    }
}
