package io.shoaldb.catalog;

import io.shoaldb.common.io.ForwardingFileChannel;
import io.shoaldb.common.io.ForwardingFiles;
import io.shoaldb.common.io.LocalFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * A files facade that fails on demand: fsync, open, rename, or a write that stops after some bytes (the
 * bytes before the cut do reach the file, like a write interrupted by a full disk).
 */
final class FaultyFiles extends ForwardingFiles {
    volatile boolean failFsync;
    volatile boolean failOpen;
    volatile boolean failMove;
    /** When >= 0, the next write stores this many bytes and then fails. */
    volatile int failWriteAfter = -1;

    FaultyFiles() {
        super(new LocalFiles());
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        if (failOpen) {
            throw new IOException("injected open failure: " + file);
        }
        return new Channel(super.open(file, options));
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        if (failFsync) {
            throw new IOException("injected fsync failure");
        }
        super.fsync(channel);
    }

    @Override
    public void fsyncDirectory(Path dir) throws IOException {
        if (failFsync) {
            throw new IOException("injected directory fsync failure");
        }
        super.fsyncDirectory(dir);
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        if (failMove) {
            throw new IOException("injected rename failure");
        }
        super.moveAtomically(source, target);
    }

    private int cut(ByteBuffer src) {
        int after = failWriteAfter;
        if (after < 0) {
            return -1;
        }
        failWriteAfter = -1;
        return Math.min(after, src.remaining());
    }

    private final class Channel extends ForwardingFileChannel {
        Channel(FileChannel inner) {
            super(inner);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            int n = cut(src);
            if (n < 0) {
                return super.write(src, position);
            }
            super.write(src.slice(src.position(), n), position);
            throw new IOException("injected write failure after " + n + " bytes");
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            int n = cut(src);
            if (n < 0) {
                return super.write(src);
            }
            super.write(src.slice(src.position(), n));
            throw new IOException("injected write failure after " + n + " bytes");
        }
    }
}
