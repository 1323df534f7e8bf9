package io.shoaldb.server.streamload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.vector.Batch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Batches are told apart by their row counts (no columns needed). */
class WriteBehindTest {

    @Test
    void writesEveryBatchInOrderOnItsOwnThread() throws Exception {
        List<Integer> written = new ArrayList<>();
        List<Thread> writers = new ArrayList<>();
        try (WriteBehind behind = new WriteBehind(batch -> {
            written.add(batch.positionCount());
            writers.add(Thread.currentThread());
        }, 2)) {
            for (int i = 1; i <= 100; i++) {
                behind.accept(new Batch(i));
            }
            behind.finish();
        }
        assertThat(written).hasSize(100).isSorted().startsWith(1).endsWith(100);
        assertThat(writers).doesNotContain(Thread.currentThread());
    }

    @Test
    void theDecoderWaitsWhileDepthBatchesAreAhead() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        try (WriteBehind behind = new WriteBehind(batch -> {
            started.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, 2)) {
            behind.accept(new Batch(1));
            behind.accept(new Batch(2));
            Thread third = Thread.ofVirtual().start(() -> {
                try {
                    behind.accept(new Batch(3));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            waitUntilParked(third);
            assertThat(started.get()).isEqualTo(1); // the first batch is being written, the second waits
            release.countDown();
            third.join();
            behind.finish();
            assertThat(started.get()).isEqualTo(3);
        }
    }

    private static void waitUntilParked(Thread thread) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (thread.getState() != Thread.State.WAITING) {
            assertThat(System.nanoTime()).as("%s parks", thread).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @Test
    void theSinksFailureReachesTheDecoderAndNoLaterBatchIsWritten() throws Exception {
        List<Integer> written = new ArrayList<>();
        CountDownLatch secondQueued = new CountDownLatch(1);
        IllegalStateException diskFull = new IllegalStateException("disk full");
        WriteBehind behind = new WriteBehind(batch -> {
            if (batch.positionCount() == 1) {
                try {
                    secondQueued.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                throw diskFull;
            }
            written.add(batch.positionCount());
        }, 2);
        try (behind) {
            behind.accept(new Batch(1));
            behind.accept(new Batch(2)); // queued behind the batch that fails
            secondQueued.countDown();
            assertThatThrownBy(behind::finish).isSameAs(diskFull);
            assertThatThrownBy(() -> behind.accept(new Batch(3))).isSameAs(diskFull);
        }
        assertThat(written).isEmpty();
    }
}
