package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Crash-safe whole-file writes on top of a {@link FilesFacade}. */
public final class DurableFiles {
    private static final String TEMP_SUFFIX = ".tmp";

    private DurableFiles() {
    }

    /**
     * Replaces {@code target} with {@code content} so that after a crash at any instant the file holds
     * either the old or the new content: write a temp file, fsync it, rename over the target, fsync the
     * directory.
     */
    public static void replace(FilesFacade files, Path target, ByteBuffer content) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + TEMP_SUFFIX);
        try (FileChannel channel = files.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeFully(channel, content);
            files.fsync(channel);
        }
        files.moveAtomically(temp, target);
        files.fsyncDirectory(target.getParent());
    }

    /**
     * Creates {@code dir} and any missing parents so that each new entry survives a crash: a directory's
     * entry lives in its parent, so every level created is followed by an fsync of its parent.
     */
    public static void createDirectories(FilesFacade files, Path dir) throws IOException {
        if (files.exists(dir)) {
            return;
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            createDirectories(files, parent);
        }
        files.createDirectories(dir);
        if (parent != null) {
            files.fsyncDirectory(parent);
        }
    }

    /** Whether a file name is a leftover temp file of {@link #replace}, safe to delete at start. */
    public static boolean isLeftoverTemp(Path file) {
        return file.getFileName().toString().endsWith(TEMP_SUFFIX);
    }

    public static void writeFully(FileChannel channel, ByteBuffer content) throws IOException {
        while (content.hasRemaining()) {
            channel.write(content);
        }
    }
}
