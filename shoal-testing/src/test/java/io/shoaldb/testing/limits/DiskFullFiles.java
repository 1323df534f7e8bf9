package io.shoaldb.testing.limits;

import io.shoaldb.common.io.ForwardingFileChannel;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * Local files where a directory can fill up: while it is full, writes and new files under it fail with the
 * error Linux gives (ENOSPC, "No space left on device"); {@link #free()} makes room again.
 */
final class DiskFullFiles extends ForwardingFiles {
    private volatile Path full;

    DiskFullFiles() {
        super(new LocalFiles());
    }

    /** From now on, writes under {@code dir} fail. */
    void fill(Path dir) {
        full = dir.toAbsolutePath().normalize();
    }

    void free() {
        full = null;
    }

    private void check(Path file) throws IOException {
        Path dir = full;
        if (dir != null && file.toAbsolutePath().normalize().startsWith(dir)) {
            throw new IOException("No space left on device");
        }
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        if (!exists(file)) {
            check(file); // a new file needs an inode and a directory entry
        }
        return new FullableChannel(super.open(file, options), file);
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        check(target);
        super.moveAtomically(source, target);
    }

    @Override
    public void createDirectories(Path dir) throws IOException {
        if (!exists(dir)) {
            check(dir);
        }
        super.createDirectories(dir);
    }

    private final class FullableChannel extends ForwardingFileChannel {
        private final Path file;

        FullableChannel(FileChannel delegate, Path file) {
            super(delegate);
            this.file = file;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            check(file);
            return super.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            check(file);
            return super.write(srcs, offset, length);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            check(file);
            return super.write(src, position);
        }

        /** Refused rather than forwarded: it would write bytes this facade does not see. */
        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) {
            throw new UnsupportedOperationException();
        }
    }
}
