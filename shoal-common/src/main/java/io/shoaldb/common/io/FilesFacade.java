package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Every durable file operation ShoalDB does goes through here, so that tests can inject faults (a
 * failing fsync, a full disk) and scale-out can put segments on an object store later.
 */
public interface FilesFacade {
    FileChannel open(Path file, OpenOption... options) throws IOException;

    /** Flushes a file's data and metadata to the device. */
    void fsync(FileChannel channel) throws IOException;

    /**
     * Flushes a file's data, and only the metadata needed to read it back (its size), to the device:
     * {@code fdatasync}. Over bytes written in place of earlier ones (a preallocated, zero-filled log) it
     * skips the file system's journal commit that an {@link #fsync} pays for the changed modification time,
     * and is as durable for the data. By default a full {@link #fsync}, so a facade that injects fsync
     * faults sees these calls too.
     */
    default void fdatasync(FileChannel channel) throws IOException {
        fsync(channel);
    }

    /** Makes a directory's entries (creates, renames, deletes) durable. */
    void fsyncDirectory(Path dir) throws IOException;

    /** Renames atomically, replacing the target if it exists. */
    void moveAtomically(Path source, Path target) throws IOException;

    void createDirectories(Path dir) throws IOException;

    boolean exists(Path path);

    /** Deletes a file if present; returns whether it existed. */
    boolean deleteIfExists(Path file) throws IOException;

    /** The entries of a directory, sorted by name; empty when the directory does not exist. */
    List<Path> list(Path dir) throws IOException;

    byte[] readAllBytes(Path file) throws IOException;

    /** Bytes still free for this process on the file system holding {@code path}. */
    long usableSpace(Path path) throws IOException;
}
