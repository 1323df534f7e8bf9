package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Appends records to one WAL file and makes them durable with a group fsync.
 *
 * <p>Appends are serialised by the caller (the table queue's lock), so records never interleave. Durability
 * is leader/follower, as a database log does it: a load that needs its bytes durable looks at the durable
 * offset; if it is behind and nobody is syncing, it becomes the leader, notes the current end of the file,
 * fsyncs (plus the directory once, so the new file's entry survives a crash) and advances the durable offset
 * to that end - acknowledging every append that finished before the fsync began. Loads arriving during the
 * fsync wait and are covered by the next one, so N concurrent appends cost about two fsyncs, not N.
 *
 * <p>After the batch's transaction is visible, {@link #closeCommitted} lets every waiter return at once
 * (their rows are in storage) and deletes the file. After a failed commit, {@link #closeForReplay} fsyncs
 * what was written and keeps the file for replay.
 */
public final class WalWriter {
    private final FilesFacade files;
    private final Path file;
    private final FileChannel channel;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long written;
    private long durable;
    private boolean syncing;
    private boolean directorySynced;
    private boolean committed;
    private boolean closed;
    private IOException failure;
    private long fsyncs;

    private WalWriter(FilesFacade files, Path file, FileChannel channel, long headerBytes) {
        this.files = files;
        this.file = file;
        this.channel = channel;
        this.written = headerBytes;
    }

    /** Creates the file (its directory must exist) and writes the header; nothing is durable yet. */
    public static WalWriter create(FilesFacade files, Path file, WalHeader header) throws IOException {
        FileChannel channel = files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            ByteBuffer h = WalFormat.encodeHeader(header);
            long length = h.remaining();
            DurableFiles.writeFully(channel, h);
            return new WalWriter(files, file, channel, length);
        } catch (IOException | RuntimeException e) {
            channel.close();
            files.deleteIfExists(file);
            throw e;
        }
    }

    public Path file() {
        return file;
    }

    /** Appends one framed record; returns the end offset to pass to {@link #awaitDurable}. Caller serialises. */
    public long append(ByteBuffer record) throws IOException {
        lock.lock();
        try {
            checkUsable();
        } finally {
            lock.unlock();
        }
        long length = record.remaining();
        try {
            DurableFiles.writeFully(channel, record);
        } catch (IOException e) {
            fail(e);
            throw e;
        }
        lock.lock();
        try {
            written += length;
            return written;
        } finally {
            lock.unlock();
        }
    }

    /** Blocks until the bytes up to {@code offset} are on the device (or the batch is visible in storage). */
    public void awaitDurable(long offset) throws IOException {
        awaitDurable(offset, Long.MAX_VALUE);
    }

    /**
     * As {@link #awaitDurable(long)}, but a follower gives up waiting for another load's fsync once
     * {@link System#nanoTime} passes {@code deadlineNanos} and returns false (the bytes may still become
     * durable). A leader finishes its own fsync.
     */
    public boolean awaitDurable(long offset, long deadlineNanos) throws IOException {
        lock.lock();
        try {
            while (durable < offset && !committed) {
                if (failure != null) {
                    throw new IOException("WAL " + file + " failed earlier: " + failure.getMessage(), failure);
                }
                if (syncing) {
                    if (deadlineNanos == Long.MAX_VALUE) {
                        changed.awaitUninterruptibly();
                    } else if (!awaitChange(deadlineNanos)) {
                        return false;
                    }
                    continue;
                }
                if (deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos >= 0) {
                    return false;
                }
                syncing = true;
                long target = written;
                boolean syncDirectory = !directorySynced;
                lock.unlock();
                IOException error = null;
                try {
                    files.fsync(channel);
                    if (syncDirectory) {
                        files.fsyncDirectory(file.getParent());
                    }
                } catch (IOException e) {
                    error = e;
                } finally {
                    lock.lock();
                }
                syncing = false;
                fsyncs++;
                if (error == null) {
                    durable = Math.max(durable, target);
                    directorySynced = true;
                } else if (failure == null) {
                    failure = error;
                }
                changed.signalAll();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Waits for a change until the deadline; false once it passed (an interrupt ends the wait too, flag kept). */
    private boolean awaitChange(long deadlineNanos) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        try {
            changed.awaitNanos(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    /** Bytes appended so far (header included). */
    public long size() {
        lock.lock();
        try {
            return written;
        } finally {
            lock.unlock();
        }
    }

    /** fsync calls made, for tests and metrics. */
    public long fsyncCount() {
        lock.lock();
        try {
            return fsyncs;
        } finally {
            lock.unlock();
        }
    }

    /** The transaction is visible: waiters return (their rows are in storage), the file is deleted durably. */
    public void closeCommitted() throws IOException {
        lock.lock();
        try {
            committed = true;
            changed.signalAll();
            awaitNoSync();
            closed = true;
        } finally {
            lock.unlock();
        }
        channel.close();
        files.deleteIfExists(file);
        files.fsyncDirectory(file.getParent());
    }

    /** The commit failed: make everything written durable for replay and close, keeping the file. */
    public void closeForReplay() throws IOException {
        lock.lock();
        try {
            awaitNoSync();
            closed = true;
            try {
                if (failure == null) {
                    files.fsync(channel);
                    if (!directorySynced) {
                        files.fsyncDirectory(file.getParent());
                    }
                    durable = written;
                    directorySynced = true;
                }
            } catch (IOException e) {
                failure = e;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        channel.close();
        if (failure != null) {
            throw failure;
        }
    }

    private void awaitNoSync() {
        while (syncing) {
            changed.awaitUninterruptibly();
        }
    }

    private void checkUsable() throws IOException {
        if (failure != null) {
            throw new IOException("WAL " + file + " failed earlier: " + failure.getMessage(), failure);
        }
        if (closed || committed) {
            throw new IOException("WAL " + file + " is closed");
        }
    }

    private void fail(IOException e) {
        lock.lock();
        try {
            if (failure == null) {
                failure = e;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
