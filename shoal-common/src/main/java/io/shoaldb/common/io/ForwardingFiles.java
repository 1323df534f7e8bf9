package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;

/**
 * A FilesFacade that forwards to another, for wrappers that change a few operations: fault injection in
 * tests, and later metrics or an object-store facade. A subclass overrides only what it changes; to
 * change what happens to an open file, override {@link #open} and wrap the channel in a
 * {@link ForwardingFileChannel}.
 */
public abstract class ForwardingFiles implements FilesFacade {
    private final FilesFacade delegate;

    protected ForwardingFiles(FilesFacade delegate) {
        this.delegate = delegate;
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        return delegate.open(file, options);
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        delegate.fsync(channel);
    }

    @Override
    public void fsyncDirectory(Path dir) throws IOException {
        delegate.fsyncDirectory(dir);
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        delegate.moveAtomically(source, target);
    }

    @Override
    public void createDirectories(Path dir) throws IOException {
        delegate.createDirectories(dir);
    }

    @Override
    public boolean exists(Path path) {
        return delegate.exists(path);
    }

    @Override
    public boolean deleteIfExists(Path file) throws IOException {
        return delegate.deleteIfExists(file);
    }

    @Override
    public List<Path> list(Path dir) throws IOException {
        return delegate.list(dir);
    }

    @Override
    public byte[] readAllBytes(Path file) throws IOException {
        return delegate.readAllBytes(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        return delegate.usableSpace(path);
    }
}
