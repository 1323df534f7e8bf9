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

/** A begin that appends an id block (an fsync) must not hold the lock that lookups of transactions take. */
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
    void findsDoNotWaitForTheIdBlockFsyncOfABegin() throws Exception {
        SlowFsync files = new SlowFsync();
        Fixture fx = new Fixture(dir, files);
        try (TransactionManager m = fx.open()) {
            Fixture.load(m, "before", java.util.Map.of(1L, 11L));
            long known = m.find(Fixture.DB, "before").orElseThrow().txnId();
            // Use up the current id block so that the next begin must log a new one.
            while (m.begin(Fixture.DB, null, Set.of(1L), Duration.ofMinutes(1)).txnId() + 1
                    < m.commitLog().state().txnIdLimit()) {
                // each begin takes one id
            }
            files.armed = true;
            CompletableFuture<Transaction> slowBegin = CompletableFuture.supplyAsync(
                    () -> m.begin(Fixture.DB, "slow", Set.of(1L), Duration.ofMinutes(1)), THREADS);
            assertThat(files.entered.await(30, TimeUnit.SECONDS)).as("the begin reached the id block fsync").isTrue();
            CompletableFuture<Optional<TransactionInfo>> byLabel = CompletableFuture.supplyAsync(
                    () -> m.find(Fixture.DB, "before"), THREADS);
            CompletableFuture<Optional<TransactionInfo>> byId = CompletableFuture.supplyAsync(() -> m.find(known), THREADS);
            try {
                assertThat(byLabel.get(10, TimeUnit.SECONDS)).isPresent();
                assertThat(byId.get(10, TimeUnit.SECONDS)).isPresent();
                assertThat(slowBegin).isNotDone();
            } finally {
                files.armed = false;
                files.release.countDown();
            }
            assertThat(slowBegin.get(30, TimeUnit.SECONDS).label()).isEqualTo("slow");
        }
    }
}
