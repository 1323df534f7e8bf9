package io.shoaldb.txn;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Local files whose fsync fails on demand (the fault the commit path must survive), counting fsyncs. */
final class FaultyFiles implements FilesFacade {
    private final LocalFiles local = new LocalFiles();
    final AtomicBoolean failFsync = new AtomicBoolean();
    final AtomicInteger fsyncs = new AtomicInteger();

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        return local.open(file, options);
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        if (failFsync.get()) {
            throw new IOException("injected fsync failure");
        }
        fsyncs.incrementAndGet();
        local.fsync(channel);
    }

    @Override
    public void fsyncDirectory(Path dir) throws IOException {
        local.fsyncDirectory(dir);
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        local.moveAtomically(source, target);
    }

    @Override
    public void createDirectories(Path dir) throws IOException {
        local.createDirectories(dir);
    }

    @Override
    public boolean exists(Path path) {
        return local.exists(path);
    }

    @Override
    public boolean deleteIfExists(Path file) throws IOException {
        return local.deleteIfExists(file);
    }

    @Override
    public List<Path> list(Path dir) throws IOException {
        return local.list(dir);
    }

    @Override
    public byte[] readAllBytes(Path file) throws IOException {
        return local.readAllBytes(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        return local.usableSpace(path);
    }
}
