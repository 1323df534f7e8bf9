package io.shoaldb.storage;

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
import java.util.concurrent.atomic.AtomicLong;

/** Local files whose writes fail with ENOSPC once a byte budget is spent (a disk filling up). */
public final class FaultyFiles implements FilesFacade {
    private final LocalFiles local = new LocalFiles();
    private final AtomicLong budget = new AtomicLong(Long.MAX_VALUE);

    public void failWritesAfter(long bytes) {
        budget.set(bytes);
    }

    public void heal() {
        budget.set(Long.MAX_VALUE);
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        return new BudgetChannel(local.open(file, options));
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        channel.force(true);
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

    private final class BudgetChannel extends FileChannel {
        private final FileChannel delegate;

        BudgetChannel(FileChannel delegate) {
            this.delegate = delegate;
        }

        private void charge(int bytes) throws IOException {
            if (budget.addAndGet(-bytes) < 0) {
                throw new IOException("No space left on device");
            }
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return delegate.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return delegate.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            charge(src.remaining());
            return delegate.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            long n = 0;
            for (int i = offset; i < offset + length; i++) {
                n += write(srcs[i]);
            }
            return n;
        }

        @Override
        public long position() throws IOException {
            return delegate.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            delegate.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return delegate.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            delegate.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            delegate.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return delegate.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return delegate.read(dst, position);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            charge(src.remaining());
            return delegate.write(src, position);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return delegate.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return delegate.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return delegate.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            delegate.close();
        }
    }
}
