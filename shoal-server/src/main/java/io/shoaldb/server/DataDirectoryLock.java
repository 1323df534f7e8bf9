package io.shoaldb.server;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * An exclusive lock on every data path and the meta directory, so that two servers never write the same
 * files. The OS releases it when the process dies, so a killed server does not block its restart.
 */
final class DataDirectoryLock implements AutoCloseable {
    private static final String LOCK_FILE = "shoal.lock";
    private final List<FileChannel> channels = new ArrayList<>();
    private final List<FileLock> locks = new ArrayList<>();

    static DataDirectoryLock acquire(List<Path> directories) throws IOException {
        DataDirectoryLock lock = new DataDirectoryLock();
        try {
            for (Path directory : directories) {
                Files.createDirectories(directory);
                FileChannel channel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                lock.channels.add(channel);
                FileLock fileLock = channel.tryLock();
                if (fileLock == null) {
                    throw new IOException("another ShoalDB server is using " + directory);
                }
                lock.locks.add(fileLock);
            }
            return lock;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        for (FileLock fileLock : locks) {
            fileLock.release();
        }
        for (FileChannel channel : channels) {
            channel.close();
        }
        locks.clear();
        channels.clear();
    }
}
