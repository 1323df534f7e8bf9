package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.DB;
import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GroupCommitManager#loadAsync}: the rows join their batch on the caller's thread, which does not wait;
 * the thread that makes the load durable (the WAL syncer) or visible (the committer), or the load's timeout,
 * hands it to the caller's executor, where the future completes with the same results and errors as the
 * blocking load.
 */
class DeferredLoadTest {
    static final long INTERVAL = 600_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;
    LoadTimeoutTest.StallingFsync files;
    /** Where the loads complete: one thread of the test's, as a connection's event loop is. */
    final ExecutorService completions = Executors.newSingleThreadExecutor(r -> new Thread(r, "load-completions"));

    @AfterEach
    void tearDown() {
        completions.shutdownNow();
        if (files != null) {
            files.release.countDown();
        }
        if (f != null) {
            f.close();
        }
    }

    @Test
    @Timeout(120)
    void anAsyncLoadIsAcknowledgedByTheSyncerWithoutTheCallerWaiting() throws Exception {
        files = new LoadTimeoutTest.StallingFsync(LoadTimeoutTest::isWal);
        f = new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
        files.armed = true;
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> acknowledger = new AtomicReference<>();

        // Returns although the fsync its acknowledgement needs is stuck: a blocking load would hang this test.
        CompletableFuture<LoadResult> load = f.manager.loadAsync(f.target, rows(0, 3), GroupCommitMode.ASYNC,
                INTERVAL, BIG, null, null, completions);
        CompletableFuture<LoadResult> observed = load.whenComplete((r, e) -> acknowledger.set(Thread.currentThread()));
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(load).as("not acknowledged before its record is durable").isNotDone();

        files.armed = false;
        files.release.countDown();
        LoadResult result = observed.get(30, TimeUnit.SECONDS);
        assertThat(result.loadedRows()).isEqualTo(3);
        assertThat(result.status()).isEqualTo(LoadResult.STATUS);
        assertThat(acknowledger.get()).isNotSameAs(caller);
        assertThat(acknowledger.get().getName()).as("handed by the WAL syncer to the caller's executor")
                .isEqualTo("load-completions");
        assertThat(f.metrics.walWriteFail()).isZero();
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).isEqualTo(LongStream.range(0, 3).boxed().toList());
    }

    @Test
    @Timeout(120)
    void aSyncLoadCompletesOnceItsBatchIsVisible() throws Exception {
        files = new LoadTimeoutTest.StallingFsync(LoadTimeoutTest::isTxnLog);
        f = new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
        f.manager.load(f.target, rows(100, 1), GroupCommitMode.SYNC, INTERVAL, BIG, null); // logs the id block
        files.armed = true;

        CompletableFuture<LoadResult> load = f.manager.loadAsync(f.target, rows(0, 2), GroupCommitMode.SYNC,
                INTERVAL, BIG, null, null, completions);
        CompletableFuture<String> completer = load.thenApply(r -> Thread.currentThread().getName());
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(load).as("not complete while its commit is stuck").isNotDone();
        assertThat(f.manager.loading()).isTrue();

        files.armed = false;
        files.release.countDown();
        // Wait on the dependent stage, not on the load: a thread waiting in load.get() may run the load's
        // dependents itself once the load is complete, and then the stage would report that thread.
        assertThat(completer.get(30, TimeUnit.SECONDS)).as("handed by the committer to the caller's executor")
                .isEqualTo("load-completions");
        LoadResult result = load.get(30, TimeUnit.SECONDS);
        assertThat(result.loadedRows()).isEqualTo(2);
        assertThat(f.keys()).as("visible when it completes").containsExactly(0L, 1L, 100L);
    }

    @Test
    @Timeout(120)
    void aLoadWhoseExecutorHasShutDownIsStillSettledAndEnds() throws Exception {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        completions.shutdown();

        LoadResult result = f.manager.loadAsync(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null,
                null, completions).get(30, TimeUnit.SECONDS);
        assertThat(result.loadedRows()).isEqualTo(2);
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).containsExactly(0L, 1L);
    }

    @Test
    @Timeout(120)
    void aDeferredLoadPastItsTimeoutFailsWithDorissTextAndItsRowsStillCommit() throws Exception {
        files = new LoadTimeoutTest.StallingFsync(LoadTimeoutTest::isTxnLog);
        f = new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
        f.manager.load(f.target, rows(100, 1), GroupCommitMode.SYNC, INTERVAL, BIG, null);
        files.armed = true;

        ShoalException timeout = LoadTimeoutTest.failureOf(f.manager.loadAsync(f.target, rows(0, 1), GroupCommitMode.SYNC,
                INTERVAL, BIG, null, Duration.ofSeconds(1), completions));
        assertThat(timeout.code()).isEqualTo(ErrorCode.GROUP_COMMIT_LOAD_TIMEOUT);
        assertThat(timeout.getMessage()).startsWith("Execute timeout").contains("within its timeout of 1 s",
                "become visible if that batch commits");

        files.armed = false;
        files.release.countDown();
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).containsExactly(0L, 100L);
    }

    @Test
    @Timeout(120)
    void aFailedWalFsyncFailsTheDeferredLoadWhoseRowsAreNeverCommitted() throws Exception {
        WalFsyncFailureTest.FailingWalFsync failing = new WalFsyncFailureTest.FailingWalFsync(dir.resolve("wal"));
        f = new GcFixture(dir, failing).open(GcFixture.options(), new ManualTimer());
        LoadResult acked = f.manager.load(f.target, rows(0, 5), GroupCommitMode.ASYNC, INTERVAL, BIG, null);

        failing.failWalFsync.set(true);
        ShoalException failure = LoadTimeoutTest.failureOf(f.manager.loadAsync(f.target, rows(5, 5), GroupCommitMode.ASYNC,
                INTERVAL, BIG, null, null, completions));
        assertThat(failure.code()).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(failure.getMessage()).contains("injected WAL fsync failure");

        assertThatThrownBy(() -> f.manager.awaitVisible(TABLE, acked.txnId())).as("the batch did not commit")
                .hasMessageContaining("WAL");
        failing.failWalFsync.set(false);
        f.manager.replay(DB, TABLE);
        assertThat(f.keys()).as("only the acknowledged rows").isEqualTo(LongStream.range(0, 5).boxed().toList());
        assertThat(f.txns.find(acked.txnId()).orElseThrow().state().name()).isEqualTo("ABORTED");
    }

    @Test
    @Timeout(120)
    void aLoadWithARequestIdOrNoRoomInTheBudgetRunsTheBlockingLoadAndIsCompleteOnReturn() throws Exception {
        f = new GcFixture(dir).open(GcFixture.options().withQueueMemLimitBytes(1), new ManualTimer());
        CompletableFuture<LoadResult> identified = f.manager.loadAsync(f.target, rows(0, 1), GroupCommitMode.SYNC,
                INTERVAL, BIG, "once", null, completions);
        assertThat(identified).isCompleted();
        CompletableFuture<LoadResult> retry = f.manager.loadAsync(f.target, rows(0, 1), GroupCommitMode.SYNC,
                INTERVAL, BIG, "once", null, completions);
        assertThat(retry.get().txnId()).isEqualTo(identified.get().txnId());
        assertThat(f.keys()).as("the retry loaded nothing").containsExactly(0L);

        // An async load holds the whole budget until its batch commits: the next one must wait, so it blocks.
        f.manager.load(f.target, rows(1, 1), GroupCommitMode.ASYNC, INTERVAL, BIG, null);
        CompletableFuture<LoadResult> waited = f.manager.loadAsync(f.target, rows(2, 1), GroupCommitMode.SYNC,
                INTERVAL, BIG, null, null, completions);
        assertThat(waited).isCompleted();
        assertThat(f.metrics.groupCommitBlockByMemoryCounter()).isEqualTo(1);
        assertThat(f.keys()).containsExactly(0L, 1L, 2L);
    }
}
