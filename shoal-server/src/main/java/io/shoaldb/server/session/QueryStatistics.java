package io.shoaldb.server.session;

/** What a result set knows about the query that produces it, for the audit log; final once it is closed. */
public interface QueryStatistics {
    /** The executor's id of the query (SHOW QUERY PROFILE names it so). */
    String queryId();

    /** Rows the query's scans read from storage. */
    long scannedRows();

    /** Bytes of the decoded column data the scans read. */
    long scannedBytes();
}
