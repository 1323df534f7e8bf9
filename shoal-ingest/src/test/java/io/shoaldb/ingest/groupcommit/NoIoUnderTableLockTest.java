package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load stuck on the disk while creating its batch's WAL must not hold up what takes the table's lock:
 * status, the interval timer, and later loads of the table, which go to the next batch.
 */
class NoIoUnderTableLockTest {
    static final long INTERVAL = 10_000;
    static final long BIG = 64L << 20;
    private static final Executor THREADS = r -> Thread.ofPlatform().daemon().start(r);

    @TempDir
    Path dir;
    GcFixture f;
    final StallingWalCreation files = new StallingWalCreation(file -> true);

    @AfterEach
    void tearDown() {
        files.release.countDown();
        if (f != null) {
            f.close();
        }
    }

    /** Local files where, once armed, the next WAL file creation fails. */
    static final class FailingWalFiles extends ForwardingFiles {
        volatile boolean armed;

        FailingWalFiles() {
            super(new LocalFiles());
        }

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            if (armed && file.getFileName().toString().contains("group_commit_")) {
                armed = false;
                throw new IOException("injected WAL creation failure");
            }
            return super.open(file, options);
        }
    }

    @Test
    void aFailedWalWriteOutsideTheLockFailsItsBatchAndReturnsItsMemory() throws Exception {
        FailingWalFiles failing = new FailingWalFiles();
        f = new GcFixture(dir, failing).open(GcFixture.options(), new ManualTimer());
        failing.armed = true;
        assertThatThrownBy(() -> f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null))
                .isInstanceOfSatisfying(ShoalException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR));
        try {
            f.manager.awaitVisible(TABLE); // the poisoned batch finishes (failed, unless already done)
        } catch (ShoalException expected) {
            // its commit was refused: none of it commits
        }
        assertThat(f.manager.queuedBytes()).as("memory accounted once").isZero();
        assertThat(f.keys()).isEmpty();
        f.manager.load(f.target, rows(2, 1), GroupCommitMode.ASYNC, INTERVAL, BIG, null);
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).containsExactly(2L);
        assertThat(f.manager.queuedBytes()).isZero();
    }

    @Test
    @Timeout(120)
    void aStalledWalCreationBlocksNeitherStatusNorTheTimerNorTheNextBatch() throws Exception {
        ManualTimer timer = new ManualTimer();
        f = new GcFixture(dir, files).open(GcFixture.options(), timer);
        files.armed = true;
        CompletableFuture<LoadResult> stalled = CompletableFuture.supplyAsync(
                () -> f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, INTERVAL, BIG, null), THREADS);
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).as("the first load reached its WAL creation").isTrue();

        CompletableFuture<List<GroupCommitTableStatus>> status = CompletableFuture.supplyAsync(f.manager::status, THREADS);
        assertThat(status.get(10, TimeUnit.SECONDS)).singleElement()
                .satisfies(s -> assertThat(s.queuedRows()).isEqualTo(2));
        CompletableFuture<Void> interval = CompletableFuture.runAsync(() -> timer.advance(INTERVAL), THREADS);
        interval.get(10, TimeUnit.SECONDS); // the interval sealed the stalled load's batch
        CompletableFuture<LoadResult> next = CompletableFuture.supplyAsync(
                () -> f.manager.load(f.target, rows(2, 3), GroupCommitMode.ASYNC, INTERVAL, BIG, null), THREADS);
        LoadResult second = next.get(10, TimeUnit.SECONDS);
        assertThat(stalled).isNotDone();

        files.release.countDown();
        LoadResult first = stalled.get(30, TimeUnit.SECONDS);
        assertThat(second.txnId()).isNotEqualTo(first.txnId());
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).isEqualTo(LongStream.range(0, 5).boxed().toList());
        assertThat(f.walFiles()).isEmpty();
    }
}
