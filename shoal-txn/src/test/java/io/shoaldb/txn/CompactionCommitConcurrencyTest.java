package io.shoaldb.txn;

import static io.shoaldb.common.io.HeldCall.PATIENCE;
import static io.shoaldb.common.io.HeldCall.awaitTrue;
import static io.shoaldb.txn.Fixture.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.HeldCall;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetPublisher;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compaction holds its table's structure lock, not its version lock: a commit of the same table does not
 * wait for the compaction's commit record (its fsync) nor for its publish, while a truncate still waits for the
 * whole compaction, so the compaction's publish comes before the truncate's; a compaction does not wait for a
 * committed version whose publish failed either. The compaction's fsync and publish
 * are held by the test (a files facade and a publisher that block until released), never timed.
 */
class CompactionCommitConcurrencyTest {
    private static final long TABLE = 1;
    private static final long TABLET = 11;

    @TempDir
    Path dir;
    /** Its own threads: the common pool may have a single worker on a small machine. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /** Two loads into the tablet; their rowsets are what a compaction then merges. */
    private static List<RowsetMeta> loadTwice(TransactionManager m) {
        load(m, TABLE, TABLET);
        load(m, TABLE, TABLET);
        return m.visibleRowsets(TABLE).get(TABLET);
    }

    /** The one rowset that replaces the two of {@link #loadTwice}. */
    private static RowsetMeta mergedOutput(long rowsetId) {
        return new RowsetMeta(rowsetId, TABLET, 1, 2, 0, List.of("c.dat"), 20, 150);
    }

    private CompletableFuture<Void> startCompaction(TransactionManager m, List<RowsetMeta> inputs, RowsetMeta output) {
        return CompletableFuture.runAsync(
                () -> new TxnCompactionCommitter(m).commitCompaction(TABLE, TABLET, inputs, output), threads);
    }

    @Test
    void aCommitGetsItsVersionAndQueuesItsRecordWhileACompactionsFsyncIsHeld() throws Exception {
        HeldFsyncFiles files = new HeldFsyncFiles();
        Fixture f = new Fixture(dir, files);
        try (TransactionManager m = f.open()) {
            List<RowsetMeta> inputs = loadTwice(m);
            RowsetMeta output = mergedOutput(9_100);

            CompletableFuture<Void> compaction = CompletableFuture.runAsync(() -> {
                files.holdNextFsyncOf(Thread.currentThread());
                new TxnCompactionCommitter(m).commitCompaction(TABLE, TABLET, inputs, output);
            }, threads);
            CompletableFuture<CommitResult> commit;
            try {
                files.awaitHeld();
                commit = CompletableFuture.supplyAsync(() -> load(m, TABLE, TABLET), threads);
                // Its record waits for the log's write in progress (the compaction's), as behind any other
                // leader; holding the table's lock through that fsync, as before, kept it from getting here.
                awaitTrue(() -> m.commitLog().queuedRecords() == 1, "the commit's record queued behind the held fsync");
                assertThat(commit).isNotDone();
            } finally {
                files.release();
            }
            compaction.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertThat(commit.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).versionByTable()).containsEntry(TABLE, 3L);
            assertThat(m.visibleVersion(TABLE)).isEqualTo(3);
        }
        try (TransactionManager m = f.open()) {
            List<RowsetMeta> replayed = m.recoveredTables().get(TABLE).rowsetsByTablet().get(TABLET);
            assertThat(replayed).extracting(RowsetMeta::rowsetId).first().isEqualTo(9_100L);
            assertThat(replayed).extracting(RowsetMeta::startVersion).containsExactly(1L, 3L);
        }
    }

    @Test
    void aCommitFinishesWhileACompactionsPublishIsHeld() throws Exception {
        HeldPublisher publisher = new HeldPublisher();
        try (TransactionManager m = TransactionManager.open(new LocalFiles(), dir, publisher, options())) {
            List<RowsetMeta> inputs = loadTwice(m);
            RowsetMeta output = mergedOutput(9_200);

            CompletableFuture<Void> compaction = startCompaction(m, inputs, output);
            try {
                publisher.awaitHeld();
                CommitResult commit = CompletableFuture.supplyAsync(() -> load(m, TABLE, TABLET), threads)
                        .get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
                assertThat(commit.versionByTable()).containsEntry(TABLE, 3L);
                assertThat(m.find(commit.txnId())).get().extracting(TransactionInfo::state)
                        .isEqualTo(TxnState.VISIBLE);
                assertThat(m.visibleVersion(TABLE)).isEqualTo(3);
                assertThat(compaction).isNotDone();
            } finally {
                publisher.release();
            }
            compaction.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            List<RowsetMeta> now = m.visibleRowsets(TABLE).get(TABLET);
            assertThat(now).extracting(RowsetMeta::startVersion).containsExactly(1L, 3L);
            assertThat(now.getFirst().rowsetId()).isEqualTo(9_200L);
        }
    }

    @Test
    void aTruncateWaitsForACompactionAndPublishesAfterIt() throws Exception {
        HeldPublisher publisher = new HeldPublisher();
        try (TransactionManager m = TransactionManager.open(new LocalFiles(), dir, publisher, options())) {
            List<RowsetMeta> inputs = loadTwice(m);
            RowsetMeta output = mergedOutput(9_300);

            CompletableFuture<Void> compaction = startCompaction(m, inputs, output);
            Thread truncator;
            try {
                publisher.awaitHeld();
                truncator = Thread.ofPlatform().start(() -> m.truncateTable(TABLE));
                awaitTrue(() -> truncator.getState() == Thread.State.WAITING, "the truncate waiting for the compaction");
                assertThat(publisher.truncated).isFalse();
            } finally {
                publisher.release();
            }
            compaction.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            truncator.join(PATIENCE);
            assertThat(truncator.isAlive()).isFalse();
            assertThat(publisher.truncated).isTrue();
            // The truncate removed what the compaction left: its output, not the compacted inputs.
            assertThat(publisher.truncatedRowsets).extracting(RowsetMeta::rowsetId).containsExactly(9_300L);
            assertThat(m.visibleRowsets(TABLE)).isEmpty();
            assertThat(m.visibleVersion(TABLE)).isEqualTo(3);
        }
    }

    @Test
    void aCompactionGoesOnWhileACommittedVersionWaitsToBePublished() throws Exception {
        HeldPublisher publisher = new HeldPublisher();
        try (TransactionManager m = TransactionManager.open(new LocalFiles(), dir, publisher, options())) {
            List<RowsetMeta> inputs = loadTwice(m);
            publisher.failLoads = true;
            assertThatThrownBy(() -> load(m, TABLE, TABLET)).hasMessageContaining("is committed");
            assertThat(m.unpublishedTables()).containsExactly(TABLE);

            RowsetMeta output = mergedOutput(9_400);
            publisher.release(); // the compaction's publish is not held here
            new TxnCompactionCommitter(m).commitCompaction(TABLE, TABLET, inputs, output);
            assertThat(m.visibleVersion(TABLE)).as("the waiting version is still not visible").isEqualTo(2);

            publisher.failLoads = false;
            assertThat(m.retryPublish()).isZero();
            assertThat(m.visibleVersion(TABLE)).isEqualTo(3);
            assertThat(m.visibleRowsets(TABLE).get(TABLET)).extracting(RowsetMeta::startVersion).containsExactly(1L, 3L);
        }
    }

    private TxnOptions options() {
        return TxnOptions.defaults().withCheckpointEvery(1_000_000);
    }

    /** Local files whose next fsync, once armed, blocks until released (the fsync of a compaction's record). */
    private static final class HeldFsyncFiles extends ForwardingFiles {
        /** Armed for a thread: another thread's fsync (a segment made ready ahead) goes through. */
        private final HeldCall fsync = new HeldCall();

        HeldFsyncFiles() {
            super(new LocalFiles());
        }

        void holdNextFsyncOf(Thread thread) {
            fsync.armFor(thread);
        }

        void awaitHeld() throws InterruptedException {
            fsync.awaitHeld();
        }

        void release() {
            fsync.release();
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            fsync.holdIfArmed();
            super.fsync(channel);
        }
    }

    /**
     * Storage's side, holding a compaction's publish (one that removes rowsets) until released, and noting
     * what a truncate (a publish that adds nothing) removed.
     */
    private static final class HeldPublisher implements RowsetPublisher {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        /** Fails the publish of loads (publishes that remove nothing), as a storage failure would. */
        volatile boolean failLoads;
        volatile boolean truncated;
        volatile List<RowsetMeta> truncatedRowsets = List.of();

        void awaitHeld() throws InterruptedException {
            assertThat(held.await(PATIENCE.toSeconds(), TimeUnit.SECONDS)).as("the held publish is reached").isTrue();
        }

        void release() {
            released.countDown();
        }

        @Override
        public void publish(long tableId, long version, Map<Long, List<RowsetMeta>> added,
                Map<Long, List<RowsetMeta>> removed) {
            if (removed.isEmpty()) {
                if (failLoads) {
                    throw new IllegalStateException("injected publish failure");
                }
                return;
            }
            if (added.isEmpty()) {
                truncated = true;
                truncatedRowsets = removed.values().stream().flatMap(List::stream).toList();
                return;
            }
            held.countDown();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while held", e);
            }
        }

        @Override
        public void dropTable(long tableId) {
        }
    }
}
