package io.shoaldb.common.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The local file system. */
public final class LocalFiles implements FilesFacade {
    /**
     * The file store of each path asked about. Finding a path's store reads the mount table (about 100 µs),
     * and every async load asks for its WAL directory's free space; the free space itself is read each time.
     * A file system mounted over a data directory while the server runs is not noticed.
     */
    private final Map<Path, FileStore> stores = new ConcurrentHashMap<>();

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        return FileChannel.open(file, options);
    }

    @Override
    public void fsync(FileChannel channel) throws IOException {
        channel.force(true);
    }

    @Override
    public void fdatasync(FileChannel channel) throws IOException {
        channel.force(false);
    }

    @Override
    public void fsyncDirectory(Path dir) throws IOException {
        // On Linux a directory opened read-only can be fsynced; this is what makes a rename durable.
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void createDirectories(Path dir) throws IOException {
        Files.createDirectories(dir);
    }

    @Override
    public boolean exists(Path path) {
        return Files.exists(path);
    }

    @Override
    public boolean deleteIfExists(Path file) throws IOException {
        return Files.deleteIfExists(file);
    }

    @Override
    public List<Path> list(Path dir) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        entries.sort(null);
        return entries;
    }

    @Override
    public byte[] readAllBytes(Path file) throws IOException {
        return Files.readAllBytes(file);
    }

    @Override
    public long usableSpace(Path path) throws IOException {
        FileStore store = stores.get(path);
        if (store == null) {
            store = Files.getFileStore(path);
            stores.put(path, store);
        }
        return store.getUsableSpace();
    }
}
