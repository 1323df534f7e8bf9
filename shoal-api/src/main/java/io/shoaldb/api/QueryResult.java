package io.shoaldb.api;

import java.util.List;

/**
 * A result set read row by row. It is a cursor (not a list) so that large results stream, and so that a
 * columnar engine can serve it from batches without building a row object per row.
 */
public non-sealed interface QueryResult extends StatementResult, AutoCloseable {
    List<ResultColumn> columns();

    /** Advances to the next row; false at the end. */
    boolean next();

    /** The current row's value in column {@code index} (0-based), null for SQL NULL. */
    Object get(int index);

    @Override
    void close();
}
