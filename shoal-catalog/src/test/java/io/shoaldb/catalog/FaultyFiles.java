package io.shoaldb.catalog;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;

/**
 * A files facade that fails on demand: fsync, open, rename, or a write that stops after some bytes (the
 * bytes before the cut do reach the file, like a write interrupted by a full disk).
 */
final class FaultyFiles implements FilesFacade {
    private final FilesFacade delegate = new LocalFiles();
    volatile boolean failFsync;
    volatile boolean failOpen;
    volatile boolean failMove;
    /** When >= 0, the next write stores this many bytes and then fails. */
    volatile int failWriteAfter = -1;

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        if (failOpen) {
            throw new IOException("injected open failure: " + file);
        }
        return new Channel(delegate.open(file, options));
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        if (failFsync) {
            throw new IOException("injected fsync failure");
        }
        delegate.fsync(channel instanceof Channel c ? c.inner : channel);
    }

    @Override
    public void fsyncDirectory(Path dir) throws IOException {
        if (failFsync) {
            throw new IOException("injected directory fsync failure");
        }
        delegate.fsyncDirectory(dir);
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        if (failMove) {
            throw new IOException("injected rename failure");
        }
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

    private int cut(ByteBuffer src) throws IOException {
        int after = failWriteAfter;
        if (after < 0) {
            return -1;
        }
        failWriteAfter = -1;
        return Math.min(after, src.remaining());
    }

    private final class Channel extends FileChannel {
        final FileChannel inner;

        Channel(FileChannel inner) {
            this.inner = inner;
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            int n = cut(src);
            if (n < 0) {
                return inner.write(src, position);
            }
            ByteBuffer part = src.slice(src.position(), n);
            inner.write(part, position);
            throw new IOException("injected write failure after " + n + " bytes");
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            int n = cut(src);
            if (n < 0) {
                return inner.write(src);
            }
            inner.write(src.slice(src.position(), n));
            throw new IOException("injected write failure after " + n + " bytes");
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return inner.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return inner.read(dsts, offset, length);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return inner.write(srcs, offset, length);
        }

        @Override
        public long position() throws IOException {
            return inner.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            inner.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return inner.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            inner.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            inner.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return inner.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            return inner.transferFrom(src, position, count);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return inner.read(dst, position);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return inner.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return inner.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return inner.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            inner.close();
        }
    }
}
