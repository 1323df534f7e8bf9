package io.shoaldb.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logging the next id block (an fsync) must hold up neither lookups of transactions nor begins, the begin that
 * noticed the block running low included: the block is logged ahead, on a thread of its own, while ids of the
 * current one are still handed out. The begin that noticed is a group-commit load opening a batch, whose first
 * clients wait behind it.
 */
class BeginOutsideRegistryLockTest {
    /** A thread per task: the common pool may have a single worker on a small machine. */
    private static final java.util.concurrent.Executor THREADS = r -> Thread.ofPlatform().daemon().start(r);

    @TempDir
    Path dir;

    /** Local files whose fsyncs wait, once armed, until released: a slow disk under the commit log. */
    static final class SlowFsync extends ForwardingFiles {
        volatile boolean armed;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        SlowFsync() {
            super(new LocalFiles());
        }

        @Override
        public void fsync(FileChannel channel) throws IOException {
            if (armed) {
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

    @Test
    @Timeout(60)
    void noBeginNorFindWaitsForTheIdBlockFsync() throws Exception {
        SlowFsync files = new SlowFsync();
        Fixture fx = new Fixture(dir, files);
        try (TransactionManager m = fx.open()) {
            Fixture.load(m, "before", java.util.Map.of(1L, 11L));
            long known = m.find(Fixture.DB, "before").orElseThrow().txnId();
            // Take ids until the next begin leaves less than half a block: that begin has the next id block logged.
            long last = known;
            while (m.commitLog().state().txnIdLimit() - (last + 1) > TransactionManager.ID_BLOCK / 2) {
                last = m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1)).txnId();
            }
            long limit = m.commitLog().state().txnIdLimit();
            files.armed = true;
            CompletableFuture<Transaction> noticing = CompletableFuture.supplyAsync(
                    () -> m.begin(Fixture.DB, "noticing", Set.of(1L), Duration.ofMinutes(1)), THREADS);
            assertThat(files.entered.await(30, TimeUnit.SECONDS)).as("the id block's fsync started").isTrue();
            CompletableFuture<Optional<TransactionInfo>> byLabel = CompletableFuture.supplyAsync(
                    () -> m.find(Fixture.DB, "before"), THREADS);
            CompletableFuture<Optional<TransactionInfo>> byId = CompletableFuture.supplyAsync(() -> m.find(known), THREADS);
            CompletableFuture<Transaction> otherBegin = CompletableFuture.supplyAsync(
                    () -> m.begin(Fixture.DB, "other", Set.of(1L), Duration.ofMinutes(1)), THREADS);
            try {
                assertThat(byLabel.get(10, TimeUnit.SECONDS)).isPresent();
                assertThat(byId.get(10, TimeUnit.SECONDS)).isPresent();
                assertThat(otherBegin.get(10, TimeUnit.SECONDS).txnId()).as("an id of the current block")
                        .isLessThan(m.commitLog().state().txnIdLimit());
                assertThat(noticing.get(10, TimeUnit.SECONDS).label()).as("the begin that noticed").isEqualTo("noticing");
                assertThat(m.commitLog().state().txnIdLimit()).as("the next block, not yet durable").isEqualTo(limit);
            } finally {
                files.armed = false;
                files.release.countDown();
            }
            for (long i = 0; i < TransactionManager.ID_BLOCK / 2 + 1; i++) {
                last = m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1)).txnId();
            }
            assertThat(last).as("ids of the block logged ahead").isGreaterThanOrEqualTo(limit);
        }
    }
}
