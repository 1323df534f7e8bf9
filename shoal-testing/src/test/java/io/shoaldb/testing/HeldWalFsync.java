package io.shoaldb.testing;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Local files whose fsyncs of group-commit WALs wait while held (a slow disk), or fail while failing: a server
 * started on them keeps its group-commit loads in their wait for the WAL for as long as a test needs.
 */
public final class HeldWalFsync extends ForwardingFiles {
    private final Set<FileChannel> wals = ConcurrentHashMap.newKeySet();
    private volatile CountDownLatch held = new CountDownLatch(0);
    /** A permit per WAL fsync that found the fsyncs held. */
    private final Semaphore waiting = new Semaphore(0);
    private volatile boolean failing;

    public HeldWalFsync() {
        super(new LocalFiles());
    }

    /** WAL fsyncs from now on wait until {@link #release}. */
    public void hold() {
        waiting.drainPermits();
        held = new CountDownLatch(1);
    }

    /** Lets every held and later WAL fsync run. */
    public void release() {
        held.countDown();
    }

    /** WAL fsyncs, once released, fail (true) or succeed (false). */
    public void failing(boolean fail) {
        failing = fail;
    }

    /** Whether a WAL fsync found the fsyncs held within {@code timeout}. */
    public boolean awaitHeldFsync(Duration timeout) throws InterruptedException {
        return waiting.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        FileChannel channel = super.open(file, options);
        if (file.getFileName().toString().contains("_group_commit_")) {
            wals.add(channel);
        }
        return channel;
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        if (wals.contains(channel)) {
            CountDownLatch latch = held;
            if (latch.getCount() > 0) {
                waiting.release();
            }
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (failing) {
                throw new IOException("injected WAL fsync failure");
            }
        }
        super.fsync(channel);
    }
}
