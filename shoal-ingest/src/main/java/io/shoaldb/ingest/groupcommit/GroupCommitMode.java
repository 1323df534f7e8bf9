package io.shoaldb.ingest.groupcommit;

/** How a group-commit load returns: after its batch is visible (SYNC) or once its rows are durable in the WAL (ASYNC). */
public enum GroupCommitMode {
    SYNC,
    ASYNC
}
