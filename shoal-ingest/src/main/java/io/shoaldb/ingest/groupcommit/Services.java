package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.ingest.groupcommit.wal.WalDirectories;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.txn.TransactionManager;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * What every table queue shares: files, engines, the tables' current write targets, time, the commit
 * executor, memory, metrics, where WAL writers report failures, and how a failed batch's WAL is replayed
 * at once ({@code replaySoon}).
 */
record Services(FilesFacade files, WalDirectories dirs, StorageEngine storage, TransactionManager txns,
        WalTargetResolver currentTargets, CommitTimer timer, ExecutorService committers, MemoryBudget memory, GroupCommitMetrics metrics,
        GroupCommitOptions options, AtomicInteger maxWalNumPerTable, Runnable walCountsChanged, WalDistress walHealth,
        Consumer<TableQueue> replaySoon) {
}
