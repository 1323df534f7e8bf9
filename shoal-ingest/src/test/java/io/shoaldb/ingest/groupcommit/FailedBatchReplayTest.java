package io.shoaldb.ingest.groupcommit;

import static io.shoaldb.ingest.groupcommit.GcFixture.TABLE;
import static io.shoaldb.ingest.groupcommit.GcFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch whose commit fails keeps its acknowledged rows in its WAL; they are replayed at once (not only at
 * restart), and SYNC GROUP COMMIT ({@link GroupCommitManager#awaitVisible(long)}) waits for that replay or
 * says clearly that the rows are not visible - never success while they are invisible.
 */
class FailedBatchReplayTest {
    static final long LONG_INTERVAL = 10_000;
    static final long BIG = 64L << 20;

    @TempDir
    Path dir;
    GcFixture f;
    /** How many of the next table lookups fail (the commit's and replay's view of the table). */
    final AtomicInteger failLookups = new AtomicInteger();

    @AfterEach
    void tearDown() {
        if (f != null) {
            f.close();
        }
    }

    private void open() {
        f = new GcFixture(dir).open(GcFixture.options(), new ManualTimer());
        f.manager.setTargetResolver((db, table) -> {
            if (failLookups.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new IllegalStateException("injected catalog failure");
            }
            return table == TABLE ? f.target : null;
        });
    }

    private static List<Long> range(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }

    @Test
    void syncGroupCommitWaitsForTheReplayOfAFailedBatch() {
        open();
        f.manager.load(f.target, rows(0, 5), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        failLookups.set(1); // the batch's commit fails once
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).isEqualTo(range(0, 5));
        assertThat(f.manager.walTotalCount()).isZero();
    }

    @Test
    void aFailedBatchIsReplayedPromptlyWithoutARestart() throws Exception {
        open();
        LoadResult acked = f.manager.load(f.target, rows(0, 5), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        failLookups.set(1);
        assertThatThrownBy(() -> f.manager.awaitVisible(TABLE, acked.txnId())).hasMessageContaining("injected");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!f.keys().equals(range(0, 5))) {
            assertThat(System.nanoTime()).as("replayed within 30 s; keys " + f.keys()).isLessThan(deadline);
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    @Test
    void syncGroupCommitReportsRowsThatStillCannotBeMadeVisible() {
        open();
        f.manager.load(f.target, rows(0, 5), GroupCommitMode.ASYNC, LONG_INTERVAL, BIG, null);
        failLookups.set(Integer.MAX_VALUE); // the commit and every replay fail
        assertThatThrownBy(() -> f.manager.awaitVisible(TABLE))
                .isInstanceOfSatisfying(ShoalException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.GROUP_COMMIT_NOT_VISIBLE))
                .hasMessageContaining("not visible yet").hasMessageContaining("injected catalog failure");
        assertThat(f.keys()).isEmpty();
        failLookups.set(0);
        f.manager.awaitVisible(TABLE);
        assertThat(f.keys()).isEqualTo(range(0, 5));
    }
}
