package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load's timeout ({@code insert_timeout}) bounds its waits: past it the load fails with Doris's
 * "Execute timeout", is not acknowledged, and says whether its rows may still commit; a retry with the same
 * request id never loads them twice.
 */
class LoadTimeoutTest {
    static final long INTERVAL = 600_000;
    static final long BIG = 64L << 20;
    static final Duration ONE_SECOND = Duration.ofSeconds(1);
    private static final Executor THREADS = r -> Thread.ofPlatform().daemon().start(r);

    @TempDir
    Path dir;
    GcFixture f;
    StallingFsync files;

    @AfterEach
    void tearDown() {
        if (files != null) {
            files.release.countDown();
        }
        if (f != null) {
            f.close();
        }
    }

    /** Local files whose fsyncs of matching files wait, once armed, until released: a stuck disk. */
    static final class StallingFsync extends ForwardingFiles {
        private final Predicate<Path> matches;
        private final Set<FileChannel> watched = ConcurrentHashMap.newKeySet();
        volatile boolean armed;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        StallingFsync(Predicate<Path> matches) {
            super(new LocalFiles());
            this.matches = matches;
        }

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            FileChannel ch = super.open(file, options);
            if (matches.test(file)) {
                watched.add(ch);
            }
            return ch;
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            if (armed && watched.contains(channel)) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            super.fsync(channel);
        }
    }

    static boolean isWal(Path p) {
        return p.getFileName().toString().contains("group_commit_");
    }

    static boolean isTxnLog(Path p) {
        return p.getFileName().toString().startsWith("txnlog");
    }

    /**
     * A fixture whose commit-log fsyncs stall from now on (a stuck disk under the commit), after one committed
     * load of key 100 has logged the transaction-id block.
     */
    private void stallCommitsAfterOneLoad() {
        files = new StallingFsync(LoadTimeoutTest::isTxnLog);
        f = new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
        f.manager.load(f.target, rows(100, 1), GroupCommitMode.SYNC, INTERVAL, BIG, null);
        files.armed = true;
    }

    static ShoalException failureOf(CompletableFuture<?> load) throws Exception {
        try {
            load.get(30, TimeUnit.SECONDS); // a load that ignores its 1 s timeout fails the test here
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ShoalException s) {
                return s;
            }
            throw e;
        }
        throw new AssertionError("the load succeeded");
    }

    @Test
    @Timeout(120)
    void anAsyncLoadWaitingForAStuckWalFsyncTimesOutAndItsRetryLoadsNothingTwice() throws Exception {
        files = new StallingFsync(LoadTimeoutTest::isWal);
        f = new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
        files.armed = true;
        CompletableFuture<LoadResult> leader = CompletableFuture.supplyAsync(
                () -> f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null), THREADS);
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<LoadResult> follower = CompletableFuture.supplyAsync(() -> f.manager.load(f.target,
                rows(2, 3), GroupCommitMode.ASYNC, INTERVAL, BIG, "retry-me", ONE_SECOND), THREADS);
        ShoalException timeout = failureOf(follower);
        assertThat(timeout.code()).isEqualTo(ErrorCode.GROUP_COMMIT_LOAD_TIMEOUT);
        assertThat(timeout.getMessage()).startsWith("Execute timeout").contains("within its timeout of 1 s",
                "was not acknowledged", "become visible if that batch commits");

        files.armed = false;
        files.release.countDown();
        leader.get(30, TimeUnit.SECONDS);
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).as("the timed-out load's rows committed with its batch")
                .isEqualTo(LongStream.range(0, 5).boxed().toList());
        LoadResult retry = f.manager.load(f.target, rows(2, 3), GroupCommitMode.ASYNC, INTERVAL, BIG, "retry-me",
                ONE_SECOND);
        assertThat(retry.loadedRows()).isEqualTo(3);
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).as("the retry did not load again").hasSize(5);
    }

    @Test
    @Timeout(120)
    void aSyncLoadWhoseCommitIsStuckTimesOut() throws Exception {
        stallCommitsAfterOneLoad();
        CompletableFuture<LoadResult> sync = CompletableFuture.supplyAsync(() -> f.manager.load(f.target, rows(0, 1),
                GroupCommitMode.SYNC, INTERVAL, BIG, "s", ONE_SECOND), THREADS);
        ShoalException timeout = failureOf(sync);
        assertThat(timeout.code()).isEqualTo(ErrorCode.GROUP_COMMIT_LOAD_TIMEOUT);
        assertThat(files.entered.getCount()).as("it was the commit that was stuck").isZero();

        files.armed = false;
        files.release.countDown();
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).containsExactly(0L, 100L);
        LoadResult retry = f.manager.load(f.target, rows(0, 1), GroupCommitMode.SYNC, INTERVAL, BIG, "s", ONE_SECOND);
        assertThat(retry.loadedRows()).isEqualTo(1);
        assertThat(f.keys()).as("the retry returned the committed result").containsExactly(0L, 100L);
    }

    @Test
    @Timeout(120)
    void syncGroupCommitOverAStuckCommitTimesOutAndTheRowsStillCommit() throws Exception {
        stallCommitsAfterOneLoad();
        f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null); // acknowledged by its WAL
        CompletableFuture<Void> sync = CompletableFuture.runAsync(() -> f.manager.awaitVisible(TABLE, ONE_SECOND),
                THREADS);
        ShoalException timeout = failureOf(sync);
        assertThat(timeout.code()).isEqualTo(ErrorCode.GROUP_COMMIT_WAIT_TIMEOUT);
        assertThat(timeout.getMessage()).startsWith("SYNC GROUP COMMIT on table")
                .contains("query_timeout (1 s)", "become visible when their batches commit");
        assertThat(files.entered.getCount()).as("it was the commit that was stuck").isZero();

        files.armed = false;
        files.release.countDown();
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).containsExactly(0L, 1L, 100L);
    }

    @Test
    @Timeout(120)
    void aDrainForDdlOverAStuckCommitTimesOutBeforeChangingAnything() throws Exception {
        stallCommitsAfterOneLoad();
        f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null);
        CompletableFuture<Void> truncate = CompletableFuture.runAsync(
                () -> f.manager.awaitDrained(TABLE, ONE_SECOND, "TRUNCATE TABLE"), THREADS);
        ShoalException timeout = failureOf(truncate);
        assertThat(timeout.code()).isEqualTo(ErrorCode.GROUP_COMMIT_WAIT_TIMEOUT);
        assertThat(timeout.getMessage()).startsWith("TRUNCATE TABLE on table").contains("query_timeout (1 s)");

        files.armed = false;
        files.release.countDown();
        f.manager.awaitDrained(TABLE);
        assertThat(f.keys()).containsExactly(0L, 1L, 100L);
    }

    @Test
    @Timeout(120)
    void aDropWaitsForABatchStuckOnItsWalAtMostItsTimeout() throws Exception {
        files = new StallingFsync(LoadTimeoutTest::isWal);
        f = new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
        files.armed = true;
        CompletableFuture<LoadResult> stuck = CompletableFuture.supplyAsync(
                () -> f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null), THREADS);
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).isTrue();
        // Without the bound the drop waits for the stuck fsync for ever, and this get times out.
        CompletableFuture.runAsync(() -> f.manager.dropTable(TABLE, ONE_SECOND), THREADS).get(30, TimeUnit.SECONDS);

        files.armed = false;
        files.release.countDown();
        stuck.handle((loaded, failed) -> null).get(30, TimeUnit.SECONDS);
    }

    @Test
    @Timeout(120)
    void aLoadWaitingForMemoryTimesOutHavingLoadedNothing() throws Exception {
        files = new StallingFsync(LoadTimeoutTest::isTxnLog);
        f = new GcFixture(dir, files).open(GcFixture.options().withQueueMemLimitBytes(1), new ManualTimer());
        f.manager.load(f.target, rows(100, 1), GroupCommitMode.SYNC, INTERVAL, BIG, null); // logs the id block
        files.armed = true;
        // Holds the whole budget until its commit, which is stuck.
        CompletableFuture<LoadResult> holder = CompletableFuture.supplyAsync(
                () -> f.manager.load(f.target, rows(0, 1), GroupCommitMode.SYNC, INTERVAL, BIG, null), THREADS);
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<LoadResult> waiting = CompletableFuture.supplyAsync(() -> f.manager.load(f.target,
                rows(1, 1), GroupCommitMode.ASYNC, INTERVAL, BIG, null, ONE_SECOND), THREADS);
        ShoalException timeout = failureOf(waiting);
        assertThat(timeout.code()).isEqualTo(ErrorCode.GROUP_COMMIT_LOAD_TIMEOUT);
        assertThat(timeout.getMessage()).contains("nothing of it was loaded");

        files.armed = false;
        files.release.countDown();
        holder.get(30, TimeUnit.SECONDS);
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).containsExactly(0L, 100L);
        assertThat(f.walFiles()).isEmpty();
    }
}
