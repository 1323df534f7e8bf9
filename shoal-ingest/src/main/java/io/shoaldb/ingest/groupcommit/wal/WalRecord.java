package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.vector.Batch;

/**
 * One acknowledged async load as the WAL holds it: its client request id (null when it had none, used to
 * rebuild the de-duplication set after a crash) and its rows.
 *
 * @param checksumVerified false for a trailing record whose checksum field was cut off (replayed anyway)
 */
public record WalRecord(String requestId, Batch rows, boolean checksumVerified) {
}
