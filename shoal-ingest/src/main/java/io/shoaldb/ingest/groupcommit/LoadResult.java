package io.shoaldb.ingest.groupcommit;

/**
 * What a group-commit load reports: the internal transaction it was merged into (shared by every load of
 * that batch), Doris's status string {@code PREPARE}, the rows it loaded, whether an async load ran as sync
 * (too large for the WAL, or disk short), and when its rows are expected to be visible (epoch millis: the
 * batch's interval deadline for async, the commit time for sync).
 */
public record LoadResult(String label, long txnId, String status, long loadedRows, boolean ranAsSync,
        long expectedVisibleMillis) {
    /** Doris reports group-commit loads with this status in the INSERT info string. */
    public static final String STATUS = "PREPARE";
}
