package io.shoaldb.common.io;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One I/O call a test holds until it releases it, so that a test can act while a write or fsync is in flight
 * without timing anything: armed (for one thread, or for whichever comes first), the next call that passes
 * {@link #holdIfArmed} blocks there, {@link #awaitHeld} returns once it does, {@link #release} lets it go on.
 */
public final class HeldCall {
    /** How long a test waits for what another thread should do before it fails. */
    public static final Duration PATIENCE = Duration.ofSeconds(30);

    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean armed;
    /** Null: any thread's call is held; else only this thread's (another's, such as a background one, goes on). */
    private volatile Thread armedThread;

    /** Holds the next call of any thread. */
    public void arm() {
        armed = true;
    }

    /** Holds the next call of {@code thread}. */
    public void armFor(Thread thread) {
        armedThread = thread;
        armed = true;
    }

    /** Called by the I/O method: blocks until released if armed (once); returns whether it held. */
    public boolean holdIfArmed() throws IOException {
        Thread only = armedThread;
        if (!armed || (only != null && only != Thread.currentThread())) {
            return false;
        }
        armed = false;
        held.countDown();
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while held", e);
        }
        return true;
    }

    public void awaitHeld() throws InterruptedException {
        if (!held.await(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            throw new AssertionError("the held call was not reached within " + PATIENCE);
        }
    }

    public void release() {
        released.countDown();
    }

    /** Waits, without sleeping, for what another thread makes true; fails after {@link #PATIENCE}. */
    public static void awaitTrue(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not seen within " + PATIENCE + ": " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
