package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.txn.TxnState;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whatever goes wrong around a batch's commit, the table's queue goes on and the batch ends properly: an
 * unchecked exception outside the commit itself does not wedge the queue, and a batch the commit executor
 * refuses is aborted with its WAL kept for replay.
 */
class CommitterFailureTest {
    static final long LONG_INTERVAL = 10_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;
    GroupCommitManager manager;

    @AfterEach
    void tearDown() throws InterruptedException {
        if (manager != null) {
            // bounded: a wedged queue (the defect these tests guard against) would block close() forever
            Thread.ofVirtual().start(manager::close).join(java.time.Duration.ofSeconds(30));
        }
        if (f != null) {
            f.close();
        }
    }

    /** Metrics whose first {@code batchCommitted} throws, standing for any bug after a commit. */
    static final class BrokenMetrics implements GroupCommitMetrics {
        final AtomicBoolean broken = new AtomicBoolean(true);

        @Override
        public void walCounts(long walTotalCount, long walMaxCountPerTable) {
        }

        @Override
        public void walFailed() {
        }

        @Override
        public void walWriteFailed() {
        }

        @Override
        public void walDistressedDirs(int count) {
        }

        @Override
        public void blockedByMemory() {
        }

        @Override
        public void batchCommitted(int loads, long rows, long bytes, long commitNanos) {
            if (broken.getAndSet(false)) {
                throw new IllegalStateException("injected bug after the commit");
            }
        }

        @Override
        public void batchFailed() {
        }
    }

    /** The fixture's storage and transactions under a manager built with these metrics and executor. */
    private GroupCommitManager manager(GroupCommitMetrics metrics, ExecutorService committers) {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        f.manager.close();
        GroupCommitManager m = new GroupCommitManager(f.files, List.of(f.walDir), f.storage, f.txns,
                GcFixture.options(), metrics, new ManualTimer(), committers);
        m.setTargetResolver((db, table) -> table == TABLE ? f.target : null);
        return m;
    }

    @Test
    void anUncheckedExceptionAfterTheCommitDoesNotWedgeTheQueue() throws Exception {
        manager = manager(new BrokenMetrics(), Executors.newCachedThreadPool());
        LoadResult first = within30s(() -> manager.load(f.target, rows(0, 3), GroupCommitMode.SYNC, LONG_INTERVAL, BIG,
                null));
        LoadResult second = within30s(() -> manager.load(f.target, rows(3, 3), GroupCommitMode.SYNC, LONG_INTERVAL, BIG,
                null));
        assertThat(second.txnId()).isNotEqualTo(first.txnId());
        assertThat(f.keys()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        // A settled internal batch's transaction may already be released; if it is still known, it is VISIBLE.
        f.txns.find(first.txnId()).ifPresent(t -> assertThat(t.state()).isEqualTo(TxnState.VISIBLE));
    }

    private static <T> T within30s(java.util.function.Supplier<T> action) throws Exception {
        return java.util.concurrent.CompletableFuture.supplyAsync(action, Executors.newVirtualThreadPerTaskExecutor())
                .get(30, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Test
    void aBatchTheExecutorRefusesIsAbortedAndItsWalKeptForReplay() throws Exception {
        ExecutorService refusing = Executors.newSingleThreadExecutor();
        refusing.shutdown();
        manager = manager(GroupCommitMetrics.NONE, refusing);
        LoadResult acked = manager.load(f.target, rows(0, 4), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        assertThatThrownBy(() -> within30s(() -> {
            manager.awaitVisible(TABLE, acked.txnId());
            return null;
        })).hasMessageContaining("reject");
        assertThat(f.txns.find(acked.txnId()).orElseThrow().state()).isEqualTo(TxnState.ABORTED);
        assertThat(manager.walTotalCount()).as("the WAL waits for replay").isEqualTo(1);
        // the queue is not wedged: the next load gets an answer too
        assertThatThrownBy(() -> within30s(() -> manager.load(f.target, rows(10, 1), GroupCommitMode.SYNC,
                LONG_INTERVAL, BIG, null))).hasMessageContaining("reject");
        // a working manager replays the acknowledged rows
        manager.close();
        manager = new GroupCommitManager(f.files, List.of(f.walDir), f.storage, f.txns, GcFixture.options(),
                GroupCommitMetrics.NONE, new ManualTimer());
        manager.replay((db, table) -> table == TABLE ? f.target : null);
        assertThat(f.keys()).containsExactly(0L, 1L, 2L, 3L);
    }
}
