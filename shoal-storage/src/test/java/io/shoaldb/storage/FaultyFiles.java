package io.shoaldb.storage;

import io.shoaldb.common.io.ForwardingFileChannel;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/** Local files whose writes fail with ENOSPC once a byte budget is spent (a disk filling up). */
public final class FaultyFiles extends ForwardingFiles {
    private final AtomicLong budget = new AtomicLong(Long.MAX_VALUE);

    public FaultyFiles() {
        super(new LocalFiles());
    }

    public void failWritesAfter(long bytes) {
        budget.set(bytes);
    }

    public void heal() {
        budget.set(Long.MAX_VALUE);
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        return new BudgetChannel(super.open(file, options));
    }

    private final class BudgetChannel extends ForwardingFileChannel {
        BudgetChannel(FileChannel delegate) {
            super(delegate);
        }

        private void charge(int bytes) throws IOException {
            if (budget.addAndGet(-bytes) < 0) {
                throw new IOException("No space left on device");
            }
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            charge(src.remaining());
            return super.write(src);
        }

        /** Buffer by buffer, so that each one is charged and the budget can run out part way. */
        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            long n = 0;
            for (int i = offset; i < offset + length; i++) {
                n += write(srcs[i]);
            }
            return n;
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            charge(src.remaining());
            return super.write(src, position);
        }

        /** Refused rather than forwarded: it would write bytes the budget does not see. */
        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) {
            throw new UnsupportedOperationException();
        }
    }
}
