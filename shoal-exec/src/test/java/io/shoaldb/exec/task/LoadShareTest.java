package io.shoaldb.exec.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LoadShareTest {
    @Test
    void cappedWorkersLeaveTheShareOfTheCoresRoundedAndAtLeastOne() {
        assertThat(new LoadShare(2, 50, () -> true).cappedWorkers()).isEqualTo(1);
        assertThat(new LoadShare(8, 50, () -> true).cappedWorkers()).isEqualTo(4);
        assertThat(new LoadShare(8, 25, () -> true).cappedWorkers()).isEqualTo(6);
        assertThat(new LoadShare(1, 90, () -> true).cappedWorkers()).isEqualTo(1);
        assertThat(new LoadShare(4, 0, () -> true).cappedWorkers()).isEqualTo(4);
        assertThatThrownBy(() -> new LoadShare(2, 101, () -> true)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void whileLoadsAreInFlightOnlyTheCappedNumberOfWorkersRunAndTheGateOpensWhenTheyStop() throws Exception {
        AtomicBoolean loading = new AtomicBoolean(true);
        LoadShare share = new LoadShare(2, 50, loading::get);
        TaskScheduler scheduler = new TaskScheduler(2, share);
        try {
            AtomicInteger running = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            CountDownLatch firstIn = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(2);
            Runnable slice = () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                firstIn.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                running.decrementAndGet();
                done.countDown();
            };
            scheduler.submit(slice);
            assertThat(firstIn.await(10, TimeUnit.SECONDS)).isTrue();
            scheduler.submit(slice);
            // the second worker waits at the gate: the first slice holds the one place while loads are in flight
            while (share.gatedWaits() == 0) {
                Thread.onSpinWait();
            }
            assertThat(running.get()).isEqualTo(1);
            loading.set(false); // the loads stop: the gate opens without the first slice ending
            while (running.get() < 2) {
                Thread.onSpinWait();
            }
            release.countDown();
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(most.get()).isEqualTo(2);
        } finally {
            scheduler.close();
        }
    }

    @Test
    void withoutLoadsEveryWorkerRuns() throws Exception {
        LoadShare share = new LoadShare(2, 50, () -> false);
        TaskScheduler scheduler = new TaskScheduler(2, share);
        try {
            CountDownLatch both = new CountDownLatch(2);
            CountDownLatch done = new CountDownLatch(2);
            Runnable slice = () -> {
                both.countDown();
                try {
                    both.await(); // returns only if both slices run at once
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                done.countDown();
            };
            scheduler.submit(slice);
            scheduler.submit(slice);
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(share.gatedWaits()).isZero();
        } finally {
            scheduler.close();
        }
    }
}
