package io.shoaldb.ingest.groupcommit;

import io.shoaldb.ingest.write.WriteTarget;

/** Resolves a WAL's table to its current write target for replay; null when the table was dropped. */
@FunctionalInterface
public interface WalTargetResolver {
    WriteTarget resolve(long databaseId, long tableId);
}
