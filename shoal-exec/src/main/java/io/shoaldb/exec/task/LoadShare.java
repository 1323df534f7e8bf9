package io.shoaldb.exec.task;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * The cores' split between queries and loads. The operating system shares a core among runnable threads, not
 * among kinds of work: with every query worker busy (one per core), the threads that serve loads - statement
 * threads on their carriers, group commit's commit threads, the protocol event loops - are queued behind
 * drivers that never stop wanting the CPU. So while loads are in flight, at most {@link #cappedWorkers()} query
 * workers run drivers at once (the others finish their slice and wait at the gate before taking the next); the
 * cores left free serve the loads. With no load in flight every worker runs. Drivers run in short slices
 * ({@code Driver.SLICE_BATCHES}), so a cap that appears takes effect within one slice.
 * <p>
 * {@code loadSharePercent} is the part of the cores kept free for loads (config {@code load_cpu_share}):
 * capped workers = cores minus that share, rounded, at least one; 0 turns the gate off.
 */
public final class LoadShare {
    /** How often a waiting worker looks again at whether loads are still in flight (the signal is polled). */
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final BooleanSupplier loadsInFlight;
    private final int workers;
    private final int capped;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition slotFree = lock.newCondition();
    private int running;
    private long gatedWaits;

    /** No gate: every worker always runs (tests and tools without loads). */
    public static LoadShare none(int workers) {
        return new LoadShare(workers, 0, () -> false);
    }

    public LoadShare(int workers, int loadSharePercent, BooleanSupplier loadsInFlight) {
        if (loadSharePercent < 0 || loadSharePercent > 100) {
            throw new IllegalArgumentException("load share must be 0-100 %, got " + loadSharePercent);
        }
        this.workers = workers;
        this.capped = loadSharePercent == 0 ? workers
                : Math.max(1, Math.round(workers * (100 - loadSharePercent) / 100f));
        this.loadsInFlight = loadsInFlight;
    }

    /** Query workers that may run at once while loads are in flight. */
    public int cappedWorkers() {
        return capped;
    }

    /** Times a worker waited at the gate because loads were in flight (what tests observe). */
    long gatedWaits() {
        lock.lock();
        try {
            return gatedWaits;
        } finally {
            lock.unlock();
        }
    }

    /** Called by a worker before it runs a driver slice: waits while the cap applies and is reached. */
    void enter() throws InterruptedException {
        if (capped == workers) {
            return;
        }
        lock.lock();
        try {
            boolean waited = false;
            while (running >= capped && loadsInFlight.getAsBoolean()) {
                if (!waited) {
                    gatedWaits++;
                    waited = true;
                }
                slotFree.awaitNanos(RECHECK_NANOS);
            }
            running++;
        } finally {
            lock.unlock();
        }
    }

    /** Called by a worker after the slice it was let in for. */
    void exit() {
        if (capped == workers) {
            return;
        }
        lock.lock();
        try {
            running--;
            slotFree.signal();
        } finally {
            lock.unlock();
        }
    }
}
