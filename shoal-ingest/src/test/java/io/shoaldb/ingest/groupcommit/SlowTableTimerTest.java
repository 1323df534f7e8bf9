package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.TabletPlacement;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One timer thread serves every table's interval: a table stuck on its disk must not delay the interval
 * commits of the others. Runs on the real clock and timer thread.
 */
class SlowTableTimerTest {
    static final long SLOW_TABLE = 43;
    static final long BIG = 64L << 20;
    private static final Executor THREADS = r -> Thread.ofPlatform().daemon().start(r);

    @TempDir
    Path dir;
    GcFixture f;
    final StallingWalCreation files =
            new StallingWalCreation(file -> file.getParent().getFileName().toString().equals(Long.toString(SLOW_TABLE)));

    @AfterEach
    void tearDown() {
        files.release.countDown();
        if (f != null) {
            f.close();
        }
    }

    @Test
    @Timeout(120)
    void aTableStuckOnItsWalDoesNotDelayAnotherTablesIntervalCommit() throws Exception {
        f = new GcFixture(dir, files).open(GcFixture.options(), null); // the system timer: one shared thread
        List<TabletPlacement> tablets = List.of(new TabletPlacement(601, 0, 0));
        f.storage.registerTable(SLOW_TABLE, GcFixture.SCHEMA, tablets);
        WriteTarget slow = new WriteTarget(GcFixture.DB, SLOW_TABLE, "slow", GcFixture.SCHEMA, tablets,
                new BucketRouter(new int[] {0}, 1));

        // The slow table's interval (20 ms) comes due while its load is stuck creating the WAL.
        files.armed = true;
        CompletableFuture<LoadResult> stuck = CompletableFuture.supplyAsync(
                () -> f.manager.load(slow, rows(0, 1), GroupCommitMode.ASYNC, 20, BIG, null), THREADS);
        assertThat(files.entered.await(30, TimeUnit.SECONDS)).isTrue();

        // Off the test thread and bounded: a queue lock held across the stuck write would block this forever.
        CompletableFuture<List<Long>> committed = CompletableFuture.supplyAsync(() -> {
            f.manager.load(f.target, rows(0, 3), GroupCommitMode.ASYNC, 200, BIG, null);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (f.keys().size() < 3 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // the interval commits on its own: nothing here may seal the batch
            }
            return f.keys();
        }, THREADS);
        assertThat(committed.get(20, TimeUnit.SECONDS)).as("the other table's interval commit ran on time")
                .containsExactly(0L, 1L, 2L);
        assertThat(stuck).isNotDone();

        files.release.countDown();
        stuck.get(30, TimeUnit.SECONDS);
        f.manager.awaitVisible(SLOW_TABLE);
    }
}
