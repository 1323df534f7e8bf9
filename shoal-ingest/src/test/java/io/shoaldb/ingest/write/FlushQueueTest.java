package io.shoaldb.ingest.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The flushes a load keeps behind its appends are bounded: past the bound a flush runs on its caller's thread. */
class FlushQueueTest {
    @Test
    void aFlushBeyondTheHeldOnesRunsOnTheCallersThread() throws Exception {
        FlushQueue queue = new FlushQueue(2);
        CountDownLatch release = new CountDownLatch(1);
        List<CompletableFuture<Thread>> held = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            held.add(CompletableFuture.supplyAsync(() -> {
                await(release);
                return Thread.currentThread();
            }, queue));
        }
        Thread caller = Thread.currentThread();
        CompletableFuture<Thread> third = CompletableFuture.supplyAsync(Thread::currentThread, queue);
        assertThat(third).isCompletedWithValue(caller);
        release.countDown();
        for (CompletableFuture<Thread> f : held) {
            assertThat(f.get()).isNotEqualTo(caller);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
