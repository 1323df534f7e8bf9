package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.DB;
import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.groupcommit.wal.WalContents;
import io.shoaldb.ingest.groupcommit.wal.WalReader;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WAL's fsync-failure policy: a WAL whose fsync (or append) failed is never reused; the loads it had not
 * acknowledged fail and are neither committed nor replayed, the acknowledged ones survive exactly once (also
 * across a crash), new loads go to a fresh file, and the condition shows in metrics and in
 * {@link GroupCommitManager#healthProblems()}.
 */
class WalFsyncFailureTest {
    static final long LONG_INTERVAL = 10_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;

    @AfterEach
    void tearDown() {
        if (f != null) {
            f.close();
        }
    }

    /** Local files whose fsync of WAL files (not of other files) fails on demand. */
    static final class FailingWalFsync extends ForwardingFiles {
        final AtomicBoolean failWalFsync = new AtomicBoolean();
        final AtomicBoolean failWalWrite = new AtomicBoolean();
        private final Path walDir;
        private final Set<FileChannel> walChannels = Collections.synchronizedSet(
                Collections.newSetFromMap(new IdentityHashMap<>()));

        FailingWalFsync(Path walDir) {
            super(new LocalFiles());
            this.walDir = walDir;
        }

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            FileChannel channel = super.open(file, options);
            if (file.startsWith(walDir) && file.getFileName().toString().contains("_group_commit_")
                    && !file.getFileName().toString().endsWith(".tmp")) {
                FileChannel wrapped = new io.shoaldb.common.io.ForwardingFileChannel(channel) {
                    @Override
                    public int write(java.nio.ByteBuffer src) throws IOException {
                        if (failWalWrite.get()) {
                            throw new IOException("injected WAL write failure");
                        }
                        return super.write(src);
                    }
                };
                walChannels.add(wrapped);
                return wrapped;
            }
            return channel;
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            if (failWalFsync.get() && walChannels.contains(channel)) {
                throw new IOException("injected WAL fsync failure");
            }
            super.fsync(channel);
        }
    }

    private GcFixture open(FailingWalFsync files) {
        return new GcFixture(dir, files).open(GcFixture.options(), new ManualTimer());
    }

    @Test
    void aFailedFsyncFailsTheUnacknowledgedLoadWhichIsNeverCommittedNorReplayed() throws Exception {
        FailingWalFsync files = new FailingWalFsync(dir.resolve("wal"));
        f = open(files);
        LoadResult acked = f.manager.load(f.target, rows(0, 5), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        Path distressedWal = f.walFiles().getFirst();

        files.failWalFsync.set(true);
        assertThatThrownBy(() -> f.manager.load(f.target, rows(5, 5), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null))
                .isInstanceOfSatisfying(ShoalException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR))
                .hasMessageContaining("injected WAL fsync failure");
        assertThat(f.metrics.walWriteFail()).isEqualTo(1);
        assertThat(f.metrics.walDistressedDirs()).isEqualTo(1);
        assertThat(f.manager.healthProblems()).singleElement().asString().contains("distressed")
                .contains("injected WAL fsync failure");

        // The batch is not committed with the failed load's rows in it; the acknowledged rows are replayed.
        assertThatThrownBy(() -> f.manager.awaitVisible(TABLE, acked.txnId())).hasMessageContaining("WAL");
        f.manager.replay(DB, TABLE);
        assertThat(f.keys()).isEqualTo(LongStream.range(0, 5).boxed().toList());
        assertThat(f.txns.find(acked.txnId()).orElseThrow().state().name()).isEqualTo("ABORTED");
        assertThat(f.walFiles()).isEmpty();

        // New loads go to a fresh file once the disk works again, and the directory is healthy again.
        files.failWalFsync.set(false);
        LoadResult next = f.manager.load(f.target, rows(100, 1), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        assertThat(f.walFiles()).singleElement().isNotEqualTo(distressedWal);
        assertThat(f.manager.healthProblems()).isEmpty();
        f.manager.awaitVisible(TABLE, next.txnId());
        assertThat(f.keys()).containsExactly(0L, 1L, 2L, 3L, 4L, 100L);
    }

    @Test
    void afterAFailedFsyncACrashReplaysOnlyTheAcknowledgedLoads() throws Exception {
        FailingWalFsync files = new FailingWalFsync(dir.resolve("wal"));
        f = open(files);
        LoadResult acked = f.manager.load(f.target, rows(0, 3), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        Path wal = f.walFiles().getFirst();
        f.manager.setTargetResolver((db, table) -> {
            throw new IllegalStateException("no replay before the crash");
        });
        files.failWalFsync.set(true);
        assertThatThrownBy(() -> f.manager.load(f.target, rows(3, 3), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null))
                .hasMessageContaining("injected WAL fsync failure");
        // The failed batch settles: its commit is refused and its WAL cut to the acknowledged prefix ...
        assertThatThrownBy(() -> f.manager.awaitVisible(TABLE, acked.txnId())).hasMessageContaining("WAL");
        f.manager.close(); // (lets the prompt replay attempt finish before the "crash")
        WalContents left = WalReader.read(f.files.readAllBytes(wal), wal.toString());
        assertThat(left.rows()).isEqualTo(3);
        assertThat(left.tailNote()).isEmpty();
        // ... and the process dies before anything replays it.
        files.failWalFsync.set(false);
        f.reopen(GcFixture.options(), new ManualTimer());
        f.manager.replay();
        assertThat(f.keys()).as("the load told it failed is not replayed").containsExactly(0L, 1L, 2L);
    }

    @Test
    void aFailedAppendKeepsOnlyTheAcknowledgedLoadsAcrossACrash() throws Exception {
        FailingWalFsync files = new FailingWalFsync(dir.resolve("wal"));
        f = open(files);
        LoadResult acked = f.manager.load(f.target, rows(0, 2), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        Path wal = f.walFiles().getFirst();
        f.manager.setTargetResolver((db, table) -> {
            throw new IllegalStateException("no replay before the crash");
        });
        files.failWalWrite.set(true);
        assertThatThrownBy(() -> f.manager.load(f.target, rows(2, 2), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null))
                .hasMessageContaining("injected WAL write failure");
        files.failWalWrite.set(false);
        assertThatThrownBy(() -> f.manager.awaitVisible(TABLE, acked.txnId()))
                .hasMessageContaining("injected WAL write failure");
        f.manager.close(); // (lets the prompt replay attempt finish before the "crash")
        assertThat(WalReader.read(f.files.readAllBytes(wal), wal.toString()).rows()).isEqualTo(2);
        f.reopen(GcFixture.options(), new ManualTimer());
        f.manager.replay();
        assertThat(f.keys()).containsExactly(0L, 1L);
    }
}
