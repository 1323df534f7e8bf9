package io.shoaldb.storage.spill;

import java.util.concurrent.atomic.AtomicLong;

/** Server-wide spill totals, for {@code /metrics}: bytes written and read back, runs written, bytes on disk now. */
public final class SpillCounters {
    private final AtomicLong bytesWritten = new AtomicLong();
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicLong runsWritten = new AtomicLong();
    private final AtomicLong bytesOnDisk = new AtomicLong();

    void written(long bytes) {
        bytesWritten.addAndGet(bytes);
        runsWritten.incrementAndGet();
        bytesOnDisk.addAndGet(bytes);
    }

    void read(long bytes) {
        bytesRead.addAndGet(bytes);
    }

    void deleted(long bytes) {
        bytesOnDisk.addAndGet(-bytes);
    }

    public long bytesWritten() {
        return bytesWritten.get();
    }

    public long bytesRead() {
        return bytesRead.get();
    }

    public long runsWritten() {
        return runsWritten.get();
    }

    public long bytesOnDisk() {
        return bytesOnDisk.get();
    }
}
