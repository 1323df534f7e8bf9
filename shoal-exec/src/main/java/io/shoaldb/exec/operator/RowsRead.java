package io.shoaldb.exec.operator;

/**
 * A source operator that reads rows it does not all return (a scan's filter drops some): profiles show the rows
 * it read next to the rows it returned.
 */
public interface RowsRead {
    /** Rows read so far by this operator instance. */
    long rowsRead();
}
