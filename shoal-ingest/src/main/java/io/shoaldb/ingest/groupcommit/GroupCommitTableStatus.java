package io.shoaldb.ingest.groupcommit;

/**
 * One table's group-commit state, for SHOW and metrics.
 *
 * @param lastMode mode of the most recent load (null before the first)
 * @param openLabel label of the batch currently taking loads (null when none)
 * @param openTxnId its transaction id (-1 when none)
 * @param queuedRows rows accepted but not yet committed (open and sealed batches)
 * @param queuedBytes their estimated bytes
 * @param batchAgeMillis age of the open batch (-1 when none)
 * @param walFiles WAL files of the table (open, committing and waiting for replay)
 * @param walBytes their bytes
 * @param lastCommitMillis epoch millis of the last successful commit (-1 when none)
 * @param lastReplayFailure the last WAL replay or commit failure ("" when none)
 * @param blocked whether a heavy schema change blocks the table
 */
public record GroupCommitTableStatus(long databaseId, long tableId, String tableName, GroupCommitMode lastMode,
        String openLabel, long openTxnId, long queuedRows, long queuedBytes, long batchAgeMillis, int walFiles,
        long walBytes, long lastCommitMillis, String lastReplayFailure, boolean blocked) {
}
