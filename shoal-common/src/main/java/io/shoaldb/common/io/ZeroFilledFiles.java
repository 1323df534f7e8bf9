package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Files written whole with zeros ahead of need. A log appended inside such a file writes over blocks that are
 * already allocated and initialised, and the file's size never changes, so making an append durable is an
 * {@link FilesFacade#fdatasync} of the data alone: no file-system journal commit for new blocks or a new size,
 * which on a journaling file system costs many times the data write (see docs/group-commit.md, "Preallocated
 * logs"). Zeros, not a sparse or {@code fallocate}d file: unwritten extents still need a metadata update when
 * first written.
 */
public final class ZeroFilledFiles {
    private static final int CHUNK = 1 << 20;

    private ZeroFilledFiles() {
    }

    /**
     * Creates (or replaces) {@code file} as {@code bytes} zero bytes, fsynced, with its directory entry fsynced:
     * when this returns, the file, its size and its blocks survive a crash.
     */
    public static void create(FilesFacade files, Path file, long bytes) throws IOException {
        try (FileChannel channel = files.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(CHUNK, Math.max(bytes, 1)));
            long position = 0;
            while (position < bytes) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - position));
                while (zeros.hasRemaining()) {
                    position += channel.write(zeros, position);
                }
            }
            files.fsync(channel);
        }
        files.fsyncDirectory(file.getParent());
    }

    /** Whether every byte of {@code bytes} from {@code from} on is zero (a preallocated log's unused end). */
    public static boolean allZero(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
