package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static io.shoaldb.common.io.HeldCall.PATIENCE;
import static io.shoaldb.common.io.HeldCall.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ForwardingFileChannel;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.HeldCall;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pipelined commits: while one batch's commit record waits for its fsync, the table's next batch is built and
 * its record queued behind it, and both become visible in seal order. The fsync is held by the test, never
 * timed.
 */
class PipelinedGroupCommitTest {
    static final long INTERVAL = 10_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;
    HeldFsync files;

    @AfterEach
    void tearDown() {
        if (files != null) {
            files.fsync.release();
        }
        if (f != null) {
            f.close();
        }
    }

    @Test
    @Timeout(120)
    void theNextBatchQueuesItsCommitRecordWhileThePreviousOnesFsyncIsHeld() throws Exception {
        files = new HeldFsync(name -> name.startsWith("txnlog-"));
        ManualTimer timer = new ManualTimer();
        f = new GcFixture(dir, files).open(GcFixture.options().withPipelineDepth(2), timer);
        LoadResult first = f.manager.load(f.target, rows(0, 10), GroupCommitMode.ASYNC, INTERVAL, BIG, null);
        files.fsync.arm();
        timer.advance(INTERVAL); // seals the first batch; its committer stops in its record's fsync
        files.fsync.awaitHeld(); // the held fsync is reached

        LoadResult second = f.manager.load(f.target, rows(10, 10), GroupCommitMode.ASYNC, INTERVAL, BIG, null);
        timer.advance(INTERVAL);
        awaitTrue(() -> f.txns.queuedCommitRecords() == 1, "the second batch's record queued behind the held fsync");
        assertThat(f.keys()).isEmpty();

        files.fsync.release();
        f.manager.awaitVisible(TABLE, second.txnId());
        f.manager.awaitVisible(TABLE, first.txnId());
        assertThat(f.keys()).isEqualTo(LongStream.range(0, 20).boxed().toList());
        assertThat(f.txns.visibleVersion(TABLE)).isEqualTo(2);
        assertThat(f.metrics.commits()).isEqualTo(2);
        assertThat(f.walFiles()).isEmpty();
    }

    @Test
    @Timeout(120)
    void aBatchQueuesItsRecordOnlyAfterTheBatchSealedBeforeIt() throws Exception {
        files = new HeldFsync(name -> name.contains("group_commit_")); // the first batch's WAL
        ManualTimer timer = new ManualTimer();
        f = new GcFixture(dir, files).open(GcFixture.options().withPipelineDepth(2), timer);
        files.fsync.arm();
        CompletableFuture<LoadResult> first = f.manager.loadAsync(f.target, rows(0, 10), GroupCommitMode.ASYNC,
                INTERVAL, BIG, null, null, Runnable::run);
        files.fsync.awaitHeld(); // the WAL fsync is held
        timer.advance(INTERVAL); // seals the first batch: its committer waits for that fsync

        // The next batch, sealed by its interval, is built, then waits for the first one to queue its record.
        LoadResult second = f.manager.load(f.target, rows(10, 10), GroupCommitMode.ASYNC, INTERVAL, BIG, null);
        timer.advance(INTERVAL);
        awaitTrue(() -> someThreadIsIn("awaitTurn"), "the second batch waiting for the first one's record");
        assertThat(f.txns.queuedCommitRecords()).isZero();
        assertThat(f.txns.visibleVersion(TABLE)).isZero();

        files.fsync.release();
        LoadResult firstResult = first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        f.manager.awaitVisible(TABLE, second.txnId());
        f.manager.awaitVisible(TABLE, firstResult.txnId());
        assertThat(second.txnId()).as("a batch of its own").isNotEqualTo(firstResult.txnId());
        assertThat(f.keys()).isEqualTo(LongStream.range(0, 20).boxed().toList());
        assertThat(f.txns.visibleVersion(TABLE)).isEqualTo(2);
    }

    private static boolean someThreadIsIn(String method) {
        return Thread.getAllStackTraces().values().stream().flatMap(Arrays::stream)
                .anyMatch(frame -> frame.getClassName().equals(GroupBatch.class.getName())
                        && frame.getMethodName().equals(method));
    }

    /** Local files that, once armed, hold the next fsync of a file {@link #holds} names until released. */
    static final class HeldFsync extends ForwardingFiles {
        final HeldCall fsync = new HeldCall();
        /** Which files' fsyncs are held, by file name. */
        private final Predicate<String> holds;

        HeldFsync(Predicate<String> holds) {
            super(new LocalFiles());
            this.holds = holds;
        }

        /** A channel whose file the test may hold, told apart at its fsync. */
        private static final class WatchedChannel extends ForwardingFileChannel {
            WatchedChannel(FileChannel inner) {
                super(inner);
            }
        }

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            FileChannel channel = super.open(file, options);
            return holds.test(file.getFileName().toString()) ? new WatchedChannel(channel) : channel;
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            if (channel instanceof WatchedChannel) {
                fsync.holdIfArmed();
            }
            super.fsync(channel);
        }
    }
}
