package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Waiting on a condition the server brings about in the background: polled, bounded by a deadline. */
public final class Await {
    private Await() {
    }

    /** Polls {@code condition} until it holds or {@code deadline} passes (then fails naming {@code what}). */
    public static void until(String what, Duration deadline, Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.call()) {
            assertThat(System.nanoTime()).as("waiting for " + what + " (deadline " + deadline + ")").isLessThan(end);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }
}
