package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.SpareFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Zero-filled WAL files kept ready in every WAL root, so that a batch's WAL is written in place and its group
 * fsyncs are fdatasyncs that commit no file-system metadata (docs/group-commit.md, "Preallocated WAL files").
 *
 * <p>A batch's WAL is a ready file renamed to its WAL name ({@link #moveInto}). Once the batch is visible its
 * WAL is <i>recycled</i> ({@link #recycle}): the bytes it wrote are zeroed again and fdatasynced, and the file
 * goes back to the root's pool under a spare name, so a steady load only writes zeros over what it wrote. When
 * a root's pool is empty a fresh file is filled on a background thread ({@link SpareFile}), ahead of the next
 * batch. Spares ({@code wal-spare-*.tmp} in a root) never hold anything acknowledged: {@link #open} deletes
 * those a previous process left.
 */
public final class WalSpares implements AutoCloseable {
    static final String PREFIX = "wal-spare-";
    static final String SUFFIX = ".tmp";
    /** Recycled files kept per root; more are deleted (the WAL count per table is bounded anyway). */
    private static final int MAX_RECYCLED = 2;

    private final FilesFacade files;
    private final long fileBytes;
    private final Map<Path, Pool> pools = new LinkedHashMap<>();

    /** One root's spares: recycled files ready to use, and one fresh file filled in the background. */
    private static final class Pool {
        final Deque<Path> recycled = new ArrayDeque<>();
        final SpareFile fresh;
        long nextId;

        Pool(SpareFile fresh) {
            this.fresh = fresh;
        }
    }

    private WalSpares(FilesFacade files, List<Path> roots, long fileBytes) {
        this.files = files;
        this.fileBytes = fileBytes;
        for (Path root : roots) {
            pools.put(root, new Pool(new SpareFile(files, root.resolve(PREFIX + "fresh" + SUFFIX), fileBytes)));
        }
    }

    /** Spares of {@code fileBytes} in each root; deletes the spares a previous process left there. */
    public static WalSpares open(FilesFacade files, List<Path> roots, long fileBytes) throws IOException {
        for (Path root : roots) {
            DurableFiles.createDirectories(files, root);
            for (Path p : files.list(root)) {
                String name = p.getFileName().toString();
                if (name.startsWith(PREFIX) && name.endsWith(SUFFIX)) {
                    files.deleteIfExists(p);
                }
            }
        }
        return new WalSpares(files, roots, fileBytes);
    }

    public long fileBytes() {
        return fileBytes;
    }

    /**
     * Renames a zero-filled file of at least {@link #fileBytes} in the root holding {@code walFile} to
     * {@code walFile} (not yet durable: the WAL's first fsync fsyncs both directories). Fills one now if none
     * is ready, and starts filling the next one when the pool is empty.
     */
    public void moveInto(Path walFile) throws IOException {
        Pool pool = poolOf(walFile);
        synchronized (pool) {
            Path ready = pool.recycled.pollFirst();
            if (ready == null) {
                ready = pool.fresh.take();
            }
            files.moveAtomically(ready, walFile);
            if (pool.recycled.isEmpty()) {
                pool.fresh.prepareAhead();
            }
        }
    }

    /**
     * A visible batch's WAL, no longer needed: zeroes its first {@code written} bytes in place, fdatasyncs,
     * and renames it into the pool; the caller closes the channel and fsyncs the WAL's directory. Returns
     * false (nothing done) when the file is not a whole preallocated one or the pool is full: delete it then.
     * A crash before the rename leaves an all-zero file under the WAL name, which replay deletes as a WAL
     * that never acknowledged anything.
     */
    public boolean recycle(Path walFile, FileChannel channel, long written) throws IOException {
        Pool pool = poolOf(walFile);
        if (channel.size() != fileBytes || written > fileBytes) {
            return false;
        }
        Path target;
        synchronized (pool) {
            if (pool.recycled.size() >= MAX_RECYCLED) {
                return false;
            }
            target = walFile.getParent().getParent().getParent().resolve(PREFIX + (pool.nextId++) + SUFFIX);
        }
        ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(written, 1 << 20));
        long position = 0;
        while (position < written) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), written - position));
            while (zeros.hasRemaining()) {
                position += channel.write(zeros, position);
            }
        }
        files.fdatasync(channel);
        files.moveAtomically(walFile, target);
        synchronized (pool) {
            pool.recycled.addLast(target);
        }
        return true;
    }

    private Pool poolOf(Path walFile) {
        for (Map.Entry<Path, Pool> e : pools.entrySet()) {
            if (walFile.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException(walFile + " is in no WAL directory " + pools.keySet());
    }

    /** The root whose pool a WAL file's spare came from (its directory entry must be fsynced too). */
    public Path rootOf(Path walFile) {
        for (Path root : pools.keySet()) {
            if (walFile.startsWith(root)) {
                return root;
            }
        }
        throw new IllegalArgumentException(walFile + " is in no WAL directory " + pools.keySet());
    }

    /** Waits for background fills to end. */
    @Override
    public void close() {
        for (Pool pool : pools.values()) {
            pool.fresh.close();
        }
    }
}
