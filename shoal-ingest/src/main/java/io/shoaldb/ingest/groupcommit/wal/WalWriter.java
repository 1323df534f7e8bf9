package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Appends records to one WAL file and makes them durable with a group fsync.
 *
 * <p>Appends are serialised by the caller (the table queue's lock), so records never interleave. Durability
 * is a group fsync, as a database log does it: a load that needs its bytes durable looks at the durable
 * offset; if it is behind and nobody is syncing, a sync starts: it notes the current end of the file, fsyncs
 * (plus the directory once, so the new file's entry survives a crash) and advances the durable offset to that
 * end - acknowledging every append that finished before the fsync began. Loads arriving during the fsync wait
 * and are covered by the next one, so N concurrent appends cost about two fsyncs, not N.
 *
 * <p>With a <i>syncer</i> (an executor of OS threads; {@link #create(FilesFacade, Path, WalHeader, WalHealth,
 * Executor)}) the fsyncs run there, and the next one starts the moment the previous returns if any load is
 * waiting: the group closes as soon as the device is free, never after a timer, and not when one of the
 * waiting loads - a virtual thread among hundreds of clients' on two cores - next gets a CPU to lead it. So an
 * async acknowledgement waits for at most about two fsyncs. Without one (or when it refuses work, at
 * shutdown) the waiting load that finds no fsync running does it itself (leader/follower).
 *
 * <p>A load may also wait without a thread ({@link #whenDurable}): its future is completed by whoever settles
 * its bytes - the syncer right after the fsync that covered them, or the batch's commit - so the ack needs no
 * parked thread to be woken and scheduled first.
 *
 * <p>Once its batch starts to commit ({@link #settle}) no waiter starts an fsync any more: the commit's outcome
 * answers them. After the batch's transaction is visible, {@link #closeCommitted} lets every waiter return
 * at once (their rows are in storage) and deletes the file. After a failed commit, {@link #closeForReplay}
 * fsyncs what was written and keeps the file for replay.
 *
 * <p><b>Preallocated files</b> ({@link #create(FilesFacade, Path, WalHeader, WalHealth, Executor, WalSpares)}):
 * the file is a zero-filled spare renamed to the WAL's name, appends write over its zeros, and a group fsync is
 * an fdatasync that commits no file-system metadata (the size does not change; the first one also fsyncs the
 * WAL's directory and the spare's, making the rename durable). Reading stops at the zero-filled rest
 * ({@link WalReader}). After the batch is visible the file is recycled into the spares instead of deleted.
 *
 * <p><b>Fsync-failure policy</b> (PostgreSQL's "fsyncgate": after a failed fsync the kernel may have dropped
 * the dirty pages and a later fsync can report success without writing them). A writer whose append or fsync
 * failed is <i>distressed</i>: it never appends or fsyncs again, and every load whose record lies past the
 * last successful fsync fails. Its batch must not commit; {@link #closeForReplay} then keeps exactly the
 * acknowledged prefix - written to a fresh file that replaces this one (temp, fsync, rename, fsync dir) - or
 * deletes the file when nothing was acknowledged, so neither a replay in this process nor one after a crash
 * loads the records of loads that were told they failed. New loads get a new file; {@link WalHealth} hears
 * about every failure so the directory shows as distressed.
 */
public final class WalWriter {
    /** What {@link #closeForReplay} left on disk for replay. */
    public enum Kept {
        /** Everything written, fsynced. */
        ALL,
        /** Only the records acknowledged before the writer failed; the rest of the file was dropped. */
        ACKNOWLEDGED_PREFIX,
        /** Nothing was acknowledged: the file is deleted. */
        NOTHING
    }

    private final FilesFacade files;
    private final Path file;
    private final FileChannel channel;
    private final WalHealth health;
    private final long headerBytes;
    private final Executor syncer;
    /** Where the file came from and goes back to; null for a file that grows by appending. */
    private final WalSpares spares;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long written;
    private long durable;
    /** The highest offset a load waits to see durable: the syncer keeps fsyncing while it is ahead of durable. */
    private long requested;
    private boolean syncing;
    private boolean directorySynced;
    private boolean settled;
    private boolean committed;
    private boolean closed;
    private IOException failure;
    private long fsyncs;
    /** Loads waiting through {@link #whenDurable}; guarded by the lock, answered outside it. */
    private final List<Waiter> waiters = new ArrayList<>();

    private record Waiter(long offset, CompletableFuture<Void> answer) {
    }

    /** A waiter's settled outcome: durable when {@code error} is null. */
    private record Answer(CompletableFuture<Void> answer, IOException error) {
    }

    private WalWriter(FilesFacade files, Path file, FileChannel channel, long headerBytes, WalHealth health,
            Executor syncer, WalSpares spares) {
        this.files = files;
        this.spares = spares;
        this.file = file;
        this.channel = channel;
        this.headerBytes = headerBytes;
        this.written = headerBytes;
        this.health = health;
        this.syncer = syncer;
    }

    /** Creates the file (its directory must exist) and writes the header; nothing is durable yet. */
    public static WalWriter create(FilesFacade files, Path file, WalHeader header, WalHealth health)
            throws IOException {
        return create(files, file, header, health, null);
    }

    /**
     * As {@link #create(FilesFacade, Path, WalHeader, WalHealth)}, with the group fsyncs run on {@code syncer}
     * (null: by the waiting loads themselves).
     */
    public static WalWriter create(FilesFacade files, Path file, WalHeader header, WalHealth health, Executor syncer)
            throws IOException {
        return create(files, file, header, health, syncer, null);
    }

    /**
     * As {@link #create(FilesFacade, Path, WalHeader, WalHealth, Executor)}, the file being a zero-filled spare
     * from {@code spares} renamed to {@code file} (null: a new file that grows by appending).
     */
    public static WalWriter create(FilesFacade files, Path file, WalHeader header, WalHealth health, Executor syncer,
            WalSpares spares) throws IOException {
        FileChannel channel;
        if (spares == null) {
            channel = files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } else {
            try {
                spares.moveInto(file);
            } catch (IOException e) {
                // Filling the WAL file with zeros is a write and an fsync in this directory: one that fails
                // distresses it like a failed append, so the next WALs go to a healthy directory if any.
                health.failed(file, e);
                throw e;
            }
            channel = files.open(file, StandardOpenOption.WRITE);
        }
        try {
            ByteBuffer h = WalFormat.encodeHeader(header);
            long length = h.remaining();
            DurableFiles.writeFully(channel, h);
            return new WalWriter(files, file, channel, length, health, syncer, spares);
        } catch (IOException | RuntimeException e) {
            channel.close();
            files.deleteIfExists(file);
            if (e instanceof IOException io) {
                health.failed(file, io);
            }
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

    /**
     * Blocks until the bytes up to {@code offset} are on the device (or the batch is visible in storage).
     * Throws when the writer failed before they were: the load must be told it failed.
     */
    public void awaitDurable(long offset) throws IOException {
        awaitDurable(offset, Long.MAX_VALUE);
    }

    /**
     * As {@link #awaitDurable(long)}, but a load waiting for an fsync gives up once {@link System#nanoTime}
     * passes {@code deadlineNanos} and returns false (the bytes may still become durable). A load leading an
     * fsync itself (no syncer) finishes it.
     */
    public boolean awaitDurable(long offset, long deadlineNanos) throws IOException {
        List<Answer> answers = List.of();
        lock.lock();
        try {
            requested = Math.max(requested, offset);
            while (durable < offset && !committed) {
                if (failure != null) {
                    throw failedBefore();
                }
                if (closed) {
                    throw closedBefore();
                }
                if (syncing || settled) {
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
                if (handedToSyncer()) {
                    continue; // wait for it like any other load
                }
                syncOnce();
                syncing = false;
                changed.signalAll();
                answers = settledWaiters();
            }
            return true;
        } finally {
            lock.unlock();
            answer(answers);
        }
    }

    /**
     * As {@link #awaitDurable(long)} without a waiting thread: the future completes - normally, or with the
     * IOException {@code awaitDurable} would throw - on the thread that settles the bytes up to {@code offset}:
     * the syncer after the fsync that covered them, or the batch's commit ({@link #closeCommitted},
     * {@link #closeForReplay}), which answers at the latest. Returns null, having registered nothing, when
     * there is no syncer to run the fsync: the caller then waits with {@code awaitDurable}, leading it.
     */
    public CompletableFuture<Void> whenDurable(long offset) {
        lock.lock();
        try {
            if (durable >= offset || committed) {
                return CompletableFuture.completedFuture(null);
            }
            if (failure != null) {
                return CompletableFuture.failedFuture(failedBefore());
            }
            if (closed) {
                return CompletableFuture.failedFuture(closedBefore());
            }
            if (syncer == null) {
                return null;
            }
            requested = Math.max(requested, offset);
            if (!syncing && !settled) {
                syncing = true;
                if (!handedToSyncer()) {
                    syncing = false;
                    return null;
                }
            }
            CompletableFuture<Void> answer = new CompletableFuture<>();
            waiters.add(new Waiter(offset, answer));
            return answer;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: removes and returns the waiters whose bytes are now durable, or can no longer become so. */
    private List<Answer> settledWaiters() {
        if (waiters.isEmpty()) {
            return List.of();
        }
        List<Answer> out = new ArrayList<>();
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (durable >= w.offset() || committed) {
                out.add(new Answer(w.answer(), null));
            } else if (failure != null) {
                out.add(new Answer(w.answer(), failedBefore()));
            } else if (closed) {
                out.add(new Answer(w.answer(), closedBefore()));
            } else {
                continue;
            }
            it.remove();
        }
        return out;
    }

    /** Outside the lock: the waiters' continuations run on this thread and must not hold up appends. */
    private static void answer(List<Answer> answers) {
        for (Answer a : answers) {
            if (a.error() == null) {
                a.answer().complete(null);
            } else {
                a.answer().completeExceptionally(a.error());
            }
        }
    }

    private IOException failedBefore() {
        return new IOException("WAL " + file + " failed before this load's record was durable: "
                + failure.getMessage(), failure);
    }

    private IOException closedBefore() {
        return new IOException("WAL " + file + " was closed before this load's record was durable");
    }

    /** Under the lock, {@code syncing} just set: starts {@link #syncWhileAwaited} on the syncer; false if none takes it. */
    private boolean handedToSyncer() {
        if (syncer == null) {
            return false;
        }
        try {
            syncer.execute(this::syncWhileAwaited);
            return true;
        } catch (RejectedExecutionException shutDown) {
            return false;
        }
    }

    /**
     * On the syncer: fsyncs, acknowledges what it covered, and starts the next fsync at once while loads that
     * appended meanwhile wait for it; ends when nobody waits (or the writer failed, settled or closed).
     */
    private void syncWhileAwaited() {
        lock.lock();
        try {
            while (true) {
                IOException error = syncOnce();
                boolean last = error != null || settled || closed || committed || requested <= durable;
                if (last) {
                    syncing = false;
                }
                changed.signalAll(); // the loads this fsync covered return; the rest wait for the next
                List<Answer> answers = settledWaiters();
                if (!answers.isEmpty()) {
                    lock.unlock();
                    try {
                        answer(answers);
                    } finally {
                        lock.lock();
                    }
                }
                if (last) {
                    return;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under the lock: fsyncs what is written so far (the directory too, the first time) with the lock released,
     * then records the outcome - the durable offset on success, the writer's failure otherwise - and reports it.
     * Returns the failure, or null.
     */
    private IOException syncOnce() {
        long target = written;
        boolean syncDirectory = !directorySynced;
        lock.unlock();
        IOException error = null;
        try {
            files.fdatasync(channel);
            if (syncDirectory) {
                syncDirectories();
            }
        } catch (IOException e) {
            error = e;
        } catch (RuntimeException e) {
            // no waiter may hang on a sync that ended unexpectedly: it fails the writer like an I/O error
            error = new IOException("fsync of " + file + " failed: " + e, e);
        } finally {
            lock.lock();
        }
        fsyncs++;
        if (error == null) {
            durable = Math.max(durable, target);
            directorySynced = true;
        } else if (failure == null) {
            failure = error;
        }
        report(error);
        return error;
    }

    /** The WAL's directory entry durable: its directory, and the directory its spare was renamed from. */
    private void syncDirectories() throws IOException {
        files.fsyncDirectory(file.getParent());
        if (spares != null) {
            files.fsyncDirectory(spares.rootOf(file));
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

    /**
     * The batch starts to commit: waits for a running fsync, then stops waiters from starting new ones (the
     * commit's outcome answers them). Returns the failure that distressed this writer, or null when healthy;
     * a distressed writer's batch must not commit.
     */
    public IOException settle() {
        lock.lock();
        try {
            awaitNoSync();
            settled = true;
            return failure;
        } finally {
            lock.unlock();
        }
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

    /** The end of the last successful fsync: every load acknowledged from this file lies before it. */
    public long acknowledgedBytes() {
        lock.lock();
        try {
            return durable;
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

    /**
     * The transaction is visible: waiters return (their rows are in storage), the file is deleted durably (or
     * recycled into the spares it came from).
     */
    public void closeCommitted() throws IOException {
        long end;
        List<Answer> answers;
        lock.lock();
        try {
            committed = true;
            changed.signalAll();
            awaitNoSync();
            closed = true;
            end = written;
            answers = settledWaiters();
        } finally {
            lock.unlock();
        }
        answer(answers);
        try {
            if (spares == null || !spares.recycle(file, channel, end)) {
                files.deleteIfExists(file);
            }
        } finally {
            channel.close();
        }
        files.fsyncDirectory(file.getParent());
    }

    /**
     * The commit failed or must not happen: keeps what replay must load. A healthy writer fsyncs everything
     * written (its waiters are then acknowledged) and keeps the file. A distressed one - or one whose closing
     * fsync fails - is never fsynced again: the acknowledged prefix replaces the file, or the file is deleted
     * when nothing was acknowledged; waiters past that prefix fail. Throws when even that cannot be made
     * durable (the directory keeps failing).
     */
    public Kept closeForReplay() throws IOException {
        long keep;
        List<Answer> answers;
        lock.lock();
        try {
            awaitNoSync();
            settled = true;
            if (failure == null) {
                try {
                    files.fdatasync(channel);
                    if (!directorySynced) {
                        syncDirectories();
                    }
                    durable = written;
                    directorySynced = true;
                } catch (IOException e) {
                    failure = e;
                    report(e);
                }
            }
            closed = true;
            changed.signalAll();
            keep = failure == null ? -1 : durable;
            answers = settledWaiters();
        } finally {
            lock.unlock();
        }
        answer(answers);
        channel.close();
        if (keep < 0) {
            return Kept.ALL;
        }
        if (keep <= headerBytes) {
            files.deleteIfExists(file);
            files.fsyncDirectory(file.getParent());
            return Kept.NOTHING;
        }
        // Bytes below the durable offset were fsynced before the failure and never changed since.
        byte[] prefix = Arrays.copyOf(files.readAllBytes(file), (int) keep);
        DurableFiles.replace(files, file, ByteBuffer.wrap(prefix));
        return Kept.ACKNOWLEDGED_PREFIX;
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
        if (closed || committed || settled) {
            throw new IOException("WAL " + file + " is closed");
        }
    }

    private void fail(IOException e) {
        List<Answer> answers;
        lock.lock();
        try {
            if (failure == null) {
                failure = e;
            }
            changed.signalAll();
            answers = settledWaiters();
        } finally {
            lock.unlock();
        }
        answer(answers);
        health.failed(file, e);
    }

    private void report(IOException error) {
        if (error == null) {
            health.synced(file);
        } else {
            health.failed(file, error);
        }
    }
}
