package io.shoaldb.txn;

import static io.shoaldb.common.io.HeldCall.PATIENCE;
import static io.shoaldb.common.io.HeldCall.awaitTrue;
import static io.shoaldb.txn.Fixture.DB;
import static io.shoaldb.txn.Fixture.load;
import static io.shoaldb.txn.Fixture.rowset;
import static io.shoaldb.txn.Fixture.tables;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.io.ForwardingFileChannel;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.HeldCall;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.rowset.RowsetMeta;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pipelined commits: a commit queues its record and releases its table's version lock before the record's
 * fsync, so the table's next commit gets the next version meanwhile. Versions still become visible in order, a
 * record that failed takes the ones queued behind it in its table down unwritten (never a durable record that
 * cannot apply), and a truncate waits for the commits queued before it. Writes and waits are held by the test,
 * never timed.
 */
class PipelinedCommitTest {
    private static final long TABLE = 1;

    @TempDir
    Path dir;
    /** Its own threads: the common pool may have a single worker on a small machine. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    private static Map<Long, Map<Long, RowsetMeta>> oneRowset(long tablet) {
        return Map.of(TABLE, Map.of(tablet, rowset(tablet)));
    }

    @Test
    void aLaterVersionDurableFirstBecomesVisibleOnlyAfterTheEarlierOne() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            Transaction t1 = m.begin(DB, "first", tables(TABLE), null);
            Transaction t2 = m.begin(DB, "second", tables(TABLE), null);
            PendingCommit first = m.appendCommit(t1, oneRowset(11));
            PendingCommit second = m.appendCommit(t2, oneRowset(12)); // the first's fsync has not even started

            long fsyncsBefore = m.commitLog().fsyncCount();
            AtomicReference<CommitResult> secondResult = new AtomicReference<>();
            Thread waiter = Thread.ofPlatform().start(() -> secondResult.set(second.await()));
            // The second commit's wait writes both records (one fsync): its version is durable, the first's owner
            // has not looked yet, so the second must wait for the first to be published.
            awaitTrue(() -> t2.state() == TxnState.COMMITTED && waiter.getState() == Thread.State.WAITING,
                    "the second commit durable and waiting for the first's publish");
            assertThat(f.publisher.versionsOf(TABLE)).isEmpty();
            assertThat(m.visibleVersion(TABLE)).isZero();

            assertThat(first.await().versionByTable()).containsEntry(TABLE, 1L);
            waiter.join(PATIENCE);
            assertThat(secondResult.get().versionByTable()).containsEntry(TABLE, 2L);
            assertThat(f.publisher.versionsOf(TABLE)).containsExactly(1L, 2L);
            assertThat(t1.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(t2.state()).isEqualTo(TxnState.VISIBLE);
            assertThat(m.commitLog().fsyncCount()).as("both records shared one fsync").isEqualTo(fsyncsBefore + 1);
        }
    }

    @Test
    void aFailedWriteFailsTheCommitsQueuedBehindItUnwrittenAndTheLogGoesOn() throws Exception {
        HeldWriteFiles files = new HeldWriteFiles();
        Fixture f = new Fixture(dir, files);
        try (TransactionManager m = f.open()) {
            load(m, TABLE, 11);
            Transaction t1 = m.begin(DB, "doomed", tables(TABLE), null);
            Transaction t2 = m.begin(DB, "behind", tables(TABLE), null);
            PendingCommit first = m.appendCommit(t1, oneRowset(11));
            CompletableFuture<CommitResult> firstDone = CompletableFuture.supplyAsync(() -> {
                files.holdNextWriteOf(Thread.currentThread());
                return first.await();
            }, threads);
            files.awaitHeld(); // the first record's leader is inside its write
            PendingCommit second = m.appendCommit(t2, oneRowset(12));
            files.releaseFailing();

            assertThatThrownBy(() -> firstDone.get(PATIENCE.toSeconds(), TimeUnit.SECONDS))
                    .hasMessageContaining("injected write failure");
            assertThatThrownBy(second::await).hasMessageContaining("does not follow version 1")
                    .hasMessageContaining("not written");
            assertThat(t1.state()).isEqualTo(TxnState.ABORTED);
            assertThat(t2.state()).isEqualTo(TxnState.ABORTED);
            assertThat(t2.mayBeCommitted()).isFalse();
            assertThat(m.poisoned()).as("an undone write does not stop the log").isFalse();

            assertThat(load(m, TABLE, 11).versionByTable()).containsEntry(TABLE, 2L);
            assertThat(f.publisher.versionsOf(TABLE)).containsExactly(1L, 2L);
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.visibleVersion(TABLE)).isEqualTo(2);
            assertThat(m.recoveredTables().get(TABLE).rowsetsByTablet().get(11L)).hasSize(2);
        }
    }

    @Test
    void aTruncateWaitsForTheCommitsQueuedBeforeIt() throws Exception {
        Fixture f = new Fixture(dir);
        try (TransactionManager m = f.open()) {
            Transaction t1 = m.begin(DB, "queued", tables(TABLE), null);
            PendingCommit queued = m.appendCommit(t1, oneRowset(11));
            AtomicReference<Long> truncated = new AtomicReference<>();
            Thread truncator = Thread.ofPlatform().start(() -> truncated.set(m.truncateTable(TABLE)));
            awaitTrue(() -> truncator.getState() == Thread.State.WAITING, "the truncate waiting for the queued commit");
            assertThat(f.publisher.versionsOf(TABLE)).isEmpty();

            assertThat(queued.await().versionByTable()).containsEntry(TABLE, 1L);
            truncator.join(PATIENCE);
            assertThat(truncated.get()).isEqualTo(2L);
            assertThat(f.publisher.versionsOf(TABLE)).containsExactly(1L, 2L);
            assertThat(m.visibleRowsets(TABLE)).isEmpty();
        }
        try (TransactionManager m = f.open()) {
            assertThat(m.visibleVersion(TABLE)).isEqualTo(2);
            assertThat(m.recoveredTables().get(TABLE).rowsetsByTablet()).isEmpty();
        }
    }

    /** Local files whose next write on an armed thread waits until released, then fails if asked to. */
    private static final class HeldWriteFiles extends ForwardingFiles {
        private final HeldCall write = new HeldCall();
        private volatile boolean fail;

        HeldWriteFiles() {
            super(new LocalFiles());
        }

        void holdNextWriteOf(Thread thread) {
            write.armFor(thread);
        }

        void awaitHeld() throws InterruptedException {
            write.awaitHeld();
        }

        void releaseFailing() {
            fail = true;
            write.release();
        }

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            return new ForwardingFileChannel(super.open(file, options)) {
                @Override
                public int write(ByteBuffer src, long position) throws IOException {
                    hold();
                    return super.write(src, position);
                }

                @Override
                public int write(ByteBuffer src) throws IOException {
                    hold();
                    return super.write(src);
                }
            };
        }

        private void hold() throws IOException {
            if (write.holdIfArmed() && fail) {
                throw new IOException("injected write failure");
            }
        }
    }
}
