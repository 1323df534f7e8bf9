package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;

/**
 * Local files where, once armed, the next creation of a group-commit WAL that {@code which} accepts waits until
 * released: a disk stuck on it. It disarms on that creation, so later WALs are created at once.
 */
final class StallingWalCreation extends ForwardingFiles {
    private final Predicate<Path> which;
    volatile boolean armed;
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    StallingWalCreation(Predicate<Path> which) {
        super(new LocalFiles());
        this.which = which;
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        if (armed && file.getFileName().toString().contains("group_commit_") && which.test(file)) {
            armed = false;
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return super.open(file, options);
    }
}
