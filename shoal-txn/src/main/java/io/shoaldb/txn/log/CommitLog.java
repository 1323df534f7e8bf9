package io.shoaldb.txn.log;

import io.shoaldb.catalog.journal.FramedImage;
import io.shoaldb.catalog.journal.LogFormat;
import io.shoaldb.catalog.journal.SegmentLog;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The durable commit log of transactions: a {@link SegmentLog} of {@link TxnEntry} ({@code txnlog-*.log})
 * plus a checkpoint image ({@code txn.image}), replayed into a {@link DurableState}.
 *
 * <p>Group commit: appenders queue their record and then compete for the write lock. The winner (the
 * leader) takes every queued record, writes them with one write and one fsync, applies them to the state
 * in log order and marks them done; appenders whose record a leader already wrote find it done when they
 * get the lock and return without any I/O. So N concurrent commits cost about one fsync, not N.
 *
 * <p>A failed write or fsync fails every record of that batch and poisons the log (the segment log then
 * refuses appends): after a failed fsync what reached the disk is unknown until the next open decides it.
 */
public final class CommitLog implements AutoCloseable {
    public static final LogFormat FORMAT = new LogFormat("txnlog", 0x5348544C, "transaction commit log"); // SHTL
    public static final String IMAGE_FILE = "txn.image";
    private static final int IMAGE_MAGIC = 0x53485449; // SHTI
    private static final Logger LOG = LoggerFactory.getLogger(CommitLog.class);

    private final FramedImage image;
    private final SegmentLog<TxnEntry> segments;
    private final DurableState state;
    private final int checkpointEvery;
    private final LongSupplier labelCutoffMillis;
    private final ReentrantLock writeLock = new ReentrantLock();
    /**
     * Held while an image is written (by the background checkpointer or {@link #checkpoint}); taken before
     * {@link #writeLock}, never under it.
     */
    private final ReentrantLock imageLock = new ReentrantLock();
    /** Writes the images that appends schedule, so that no commit waits for one. */
    private final ExecutorService checkpointer = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("txn-checkpoint").daemon().factory());
    /** An image is scheduled or being written in the background; set under {@link #writeLock}. */
    private final AtomicBoolean checkpointScheduled = new AtomicBoolean();
    /** The last sequence the newest durable image covers; guarded by {@link #imageLock}. */
    private long imageSequence;
    private final Object queueLock = new Object();
    private List<Ticket> queue = new ArrayList<>();
    private boolean leaderActive;
    private int sinceCheckpoint;
    private final AtomicLong fsyncs = new AtomicLong();
    private final AtomicLong records = new AtomicLong();
    private volatile RuntimeException poisonedByBug;

    /**
     * A record queued for the log by {@link #enqueue}, made durable by {@link #await}. The leader sets
     * {@code failure} then {@code done}; appenders read them after the leader's monitor release, which orders
     * those writes before the reads.
     */
    public static final class Ticket {
        private final TxnRecord record;
        private volatile boolean done;
        private volatile Exception failure;

        private Ticket(TxnRecord record) {
            this.record = record;
        }
    }

    private CommitLog(FramedImage image, SegmentLog<TxnEntry> segments, DurableState state, int checkpointEvery,
            LongSupplier labelCutoffMillis, long imageSequence) {
        this.imageSequence = imageSequence;
        this.image = image;
        this.segments = segments;
        this.state = state;
        this.checkpointEvery = checkpointEvery;
        this.labelCutoffMillis = labelCutoffMillis;
    }

    /**
     * Opens (creating if needed) the log in {@code dir}: reads the image, replays the entries after it.
     * Throws CORRUPT_FILE (naming file and offset) or IO_ERROR.
     *
     * @param labelCutoffMillis committed labels older than this are dropped at checkpoints
     * @param segmentBytes size of preallocated, zero-filled segments (0: segments grow by appending), so that a
     *     commit's fsync is an fdatasync over blocks already allocated (docs/catalog-journal.md)
     */
    public static CommitLog open(FilesFacade files, Path dir, int checkpointEvery, LongSupplier labelCutoffMillis,
            long segmentBytes) {
        try {
            DurableFiles.createDirectories(files, dir);
            for (Path p : files.list(dir)) {
                if (DurableFiles.isLeftoverTemp(p)) {
                    files.deleteIfExists(p); // an interrupted image or segment creation; never acknowledged
                }
            }
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, dir, e.getMessage());
        }
        FramedImage image = new FramedImage(files, dir.resolve(IMAGE_FILE), IMAGE_MAGIC, "transaction image");
        TxnImage loaded = image.read().map(bytes -> decodeImage(image.path(), bytes)).orElse(TxnImage.empty());
        DurableState state = DurableState.of(loaded);
        SegmentLog<TxnEntry> segments = SegmentLog.open(files, dir, FORMAT, TxnCodec.INSTANCE, loaded.lastSequence(),
                entry -> state.apply(entry.record()), segmentBytes);
        return new CommitLog(image, segments, state, checkpointEvery, labelCutoffMillis, loaded.lastSequence());
    }

    private static TxnImage decodeImage(Path path, byte[] bytes) {
        try {
            return TxnCodec.readImage(bytes);
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, path, "cannot read the image: " + e.getMessage());
        }
    }

    public DurableState state() {
        return state;
    }

    /**
     * Makes the record durable (sharing the fsync with concurrent appenders) and applies it to the state.
     * The caller must have checked that it applies. Throws IOException when the log failed (now or before).
     */
    public void append(TxnRecord record) throws IOException {
        await(enqueue(record));
    }

    /**
     * Queues the record behind every record queued before it, without waiting: its place in the log is fixed
     * now, so a caller can release its locks and let the next record queue up while this one waits for its
     * fsync (pipelined commits). Every ticket must be {@link #await}ed.
     */
    public Ticket enqueue(TxnRecord record) {
        Ticket mine = new Ticket(record);
        synchronized (queueLock) {
            queue.add(mine);
        }
        return mine;
    }

    /**
     * Waits until the ticket's record is durable and applied, writing it (and every record queued with it) if no
     * other appender is writing. Throws IOException when it was not written or not applied; a record that does
     * not follow the versions before it (an earlier commit of its table failed) is not written either.
     */
    public void await(Ticket mine) throws IOException {
        List<Ticket> batch = null;
        boolean interrupted = false;
        synchronized (queueLock) {
            while (!mine.done) {
                if (!leaderActive) {
                    // Lead: take everything queued so far (ours included) and write it outside the monitor,
                    // so records arriving meanwhile queue up for the next leader's single fsync.
                    leaderActive = true;
                    batch = queue;
                    queue = new ArrayList<>();
                    break;
                }
                interrupted |= waitForLeader();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (batch != null) {
            writeLock.lock();
            try {
                writeBatch(batch);
            } finally {
                writeLock.unlock();
                synchronized (queueLock) {
                    leaderActive = false;
                    queueLock.notifyAll();
                }
            }
        }
        if (mine.failure instanceof IOException io) {
            throw io;
        }
        if (mine.failure != null) {
            throw new IOException("commit log record could not be applied: " + mine.failure.getMessage(),
                    mine.failure);
        }
    }

    /**
     * Waits for the current leader; returns whether interrupted. The record may already be on its way to
     * disk, so an interrupted committer cannot walk away from it: it waits on and re-asserts the interrupt.
     */
    private boolean waitForLeader() {
        try {
            queueLock.wait();
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    /** Writes one batch with one fsync and applies it; runs under the write lock, one leader at a time. */
    private void writeBatch(List<Ticket> queued) {
        if (poisonedByBug != null) {
            IOException refused = new IOException("the commit log refuses writes until restart", poisonedByBug);
            queued.forEach(p -> fail(p, refused));
            return;
        }
        List<Ticket> batch = inVersionOrder(queued);
        if (batch.isEmpty()) {
            return;
        }
        CommitLogWriteEvent event = new CommitLogWriteEvent();
        event.begin();
        long sequence = segments.lastSequence();
        List<TxnEntry> entries = new ArrayList<>(batch.size());
        for (Ticket p : batch) {
            entries.add(new TxnEntry(++sequence, p.record));
        }
        long start = System.nanoTime();
        try {
            segments.appendAll(entries);
            fsyncs.incrementAndGet();
            records.addAndGet(batch.size());
        } catch (IOException | RuntimeException e) {
            batch.forEach(p -> fail(p, e));
            return;
        }
        long appended = System.nanoTime();
        applyAll(batch);
        long applied = System.nanoTime();
        sinceCheckpoint += batch.size();
        if (sinceCheckpoint >= checkpointEvery && !failed() && checkpointScheduled.compareAndSet(false, true)) {
            scheduleCheckpointLocked();
        }
        if (event.shouldCommit()) {
            event.records = batch.size();
            event.appendNanos = appended - start;
            event.applyNanos = applied - appended;
            event.checkpointNanos = sinceCheckpoint == 0 ? System.nanoTime() - applied : 0;
            event.commit();
        }
    }

    /**
     * Takes the state as of the last record (immutable values: cheap) and leaves encoding and writing the image
     * to the checkpointer. The log is not rolled: the image covers a prefix of the active segment, which the
     * next open skips, and segments it covers whole are deleted once it is durable. So a checkpoint costs the
     * commit path a copy of references, not an image's encoding, fsyncs and directory fsyncs.
     */
    private void scheduleCheckpointLocked() {
        state.dropLabelsCommittedBefore(labelCutoffMillis.getAsLong());
        TxnImage snapshot = state.toImage(segments.lastSequence());
        sinceCheckpoint = 0;
        try {
            checkpointer.execute(() -> writeInBackground(snapshot));
        } catch (RejectedExecutionException closing) {
            checkpointScheduled.set(false);
        }
    }

    private void writeInBackground(TxnImage snapshot) {
        imageLock.lock();
        try {
            if (snapshot.lastSequence() <= imageSequence) {
                return; // an explicit checkpoint got there first: never move the image back
            }
            image.write(TxnCodec.write(snapshot));
            imageSequence = snapshot.lastSequence();
            writeLock.lock();
            try {
                segments.discardCovered(snapshot.lastSequence());
            } finally {
                writeLock.unlock();
            }
        } catch (IOException | RuntimeException e) {
            // The records are durable in the log; the next checkpoint writes a newer image.
            LOG.warn("Checkpoint of {} failed; will retry", image.path(), e);
        } finally {
            checkpointScheduled.set(false);
            imageLock.unlock();
        }
    }

    /**
     * The queued records that follow the table versions before them, each failed otherwise and left unwritten.
     * A commit's version is given before the commits ahead of it are durable (pipelined commits); when one of
     * those fails without poisoning the log (a write undone after a full disk), the ones behind it name versions
     * that no longer follow, and writing them would make a durable record that cannot apply.
     */
    private List<Ticket> inVersionOrder(List<Ticket> queued) {
        VersionOrder order = new VersionOrder(state);
        List<Ticket> writable = new ArrayList<>(queued.size());
        for (Ticket p : queued) {
            String refusal = order.admit(p.record);
            if (refusal == null) {
                writable.add(p);
            } else {
                fail(p, new IOException(refusal + "; the record was not written"));
            }
        }
        return writable;
    }

    private void applyAll(List<Ticket> batch) {
        for (Ticket p : batch) {
            try {
                state.apply(p.record);
            } catch (RuntimeException e) {
                // Durable but not applied: memory and disk now disagree, so stop like after a failed fsync.
                LOG.error("A durable commit-log record does not apply; refusing further commits", e);
                poisonedByBug = e;
                fail(p, e);
                continue;
            }
            p.done = true;
        }
    }

    private static void fail(Ticket p, Exception e) {
        p.failure = e;
        p.done = true;
    }

    /**
     * Writes an image of the state now and starts a fresh log segment; older segments are deleted. Waits for a
     * background checkpoint in progress.
     */
    public void checkpoint() throws IOException {
        imageLock.lock();
        try {
            writeLock.lock();
            try {
                if (failed()) {
                    throw new IOException("the commit log failed earlier; no checkpoint until restart");
                }
                state.dropLabelsCommittedBefore(labelCutoffMillis.getAsLong());
                long last = segments.lastSequence();
                image.write(TxnCodec.write(state.toImage(last)));
                imageSequence = last;
                segments.discardThrough(last);
                sinceCheckpoint = 0;
            } finally {
                writeLock.unlock();
            }
        } finally {
            imageLock.unlock();
        }
    }

    /**
     * Drops a committed transaction's label facts from the state (and so from the next image), as label
     * expiry does at checkpoints; its table changes stay.
     */
    public void forgetCommitted(long txnId) {
        state.forgetCommitted(txnId);
    }

    /** Whether an append failed: nothing more is written until the log is reopened. */
    public boolean failed() {
        return segments.failed() || poisonedByBug != null;
    }

    /** Records queued for the next leader's write (behind a write in progress), for tests and metrics. */
    public int queuedRecords() {
        synchronized (queueLock) {
            return queue.size();
        }
    }

    /** Batches written (each one write + one fsync) since open; with {@link #recordsWritten} shows sharing. */
    public long fsyncCount() {
        return fsyncs.get();
    }

    public long recordsWritten() {
        return records.get();
    }

    public String describe() {
        return segments.describe();
    }

    @Override
    public void close() throws IOException {
        checkpointer.shutdown();
        try {
            // An image being written finishes (or fails) whole; the next open reads whichever image is durable.
            checkpointer.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writeLock.lock();
        try {
            segments.close();
        } finally {
            writeLock.unlock();
        }
    }
}
