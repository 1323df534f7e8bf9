package io.shoaldb.txn;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting, without sleeping, for what another thread makes true. */
final class Conditions {
    static final Duration PATIENCE = Duration.ofSeconds(30);

    private Conditions() {
    }

    /** Fails after {@link #PATIENCE} if the condition never holds. */
    static void awaitTrue(BooleanSupplier condition, String what) {
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
