package io.shoaldb.catalog.journal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.common.io.SpareFile;
import io.shoaldb.common.io.ZeroFilledFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A durable log in local segment files ({@link JournalFiles}): a header, then frames ({@link Frames})
 * whose payload is an entry encoded by an {@link EntryCodec}. Only the newest segment is appended to; a
 * checkpoint starts a new one and deletes the older ones. The catalog journal ({@link LocalMetaLog}) and
 * the transaction commit log both use it, each with its own {@link LogFormat}.
 *
 * <p>Recovery when opening: segments are read in sequence order; entries must be consecutive; entries
 * the image covers are skipped. A frame cut off by the end of the newest segment, or whole but failing its
 * checksum with no valid frame after it, is a torn append that was never
 * acknowledged: the segment is truncated there (and fsynced) before new appends go after it. Any other bad
 * frame (one followed by a valid frame), a bad header, a gap in sequences or an entry that does not apply is corruption of acknowledged
 * data: opening fails with CORRUPT_FILE naming the file, and nothing is repaired.
 *
 * <p><b>Preallocated segments</b> ({@code segmentBytes > 0}, the transaction commit log): every segment is
 * created as {@code segmentBytes} of zeros (a spare renamed into place, filled in the background ahead of
 * need), appends write over those zeros and are made durable with an fdatasync, which - the file's size and
 * blocks being unchanged - commits no file-system metadata. An append that does not fit in the rest of the
 * segment first rolls to a new one (one directory fsync per segment). Reading, the end of the records in any
 * segment is then the first frame position from which every byte is zero; a zero-filled tail of an older
 * segment is its unused end, not damage (the next segment must still start right after its last sequence).
 * Without preallocation (the catalog journal) segments grow by appending, as before.
 *
 * <p>Appends write the frame at the end of the segment and fsync before returning. A failed fsync poisons the
 * log (the page cache may no longer match the disk, so nothing written later could be trusted); the next open
 * settles what reached the disk. A failed write (a full disk) has had nothing fsynced: the segment is cut back
 * to its acknowledged end and fsynced, and appends go on once there is space; only if that fails too is the log
 * poisoned.
 */
public final class SegmentLog<E> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentLog.class);

    private final FilesFacade files;
    private final Path dir;
    private final LogFormat format;
    private final EntryCodec<E> codec;
    /** Size of a preallocated segment; 0 = segments grow by appending. */
    private final long segmentBytes;
    /** The zero-filled file the next preallocated segment is renamed from; null without preallocation. */
    private final SpareFile spare;
    private Path activePath;
    private FileChannel active;
    private long activeEnd;
    /** Bytes the active segment's file holds (its preallocated size); appends past it grow the file. */
    private long activeCapacity;
    private long lastSequence;
    private IOException failure;

    private SegmentLog(FilesFacade files, Path dir, LogFormat format, EntryCodec<E> codec, long segmentBytes) {
        this.files = files;
        this.dir = dir;
        this.format = format;
        this.codec = codec;
        this.segmentBytes = segmentBytes;
        this.spare = segmentBytes > 0 ? new SpareFile(files, sparePath(format, dir), segmentBytes) : null;
    }

    /**
     * Where a preallocated log keeps its next segment ready. A {@code .tmp} name, which the owners delete at
     * open ({@code DurableFiles.isLeftoverTemp}): a spare never holds anything acknowledged.
     */
    private static Path sparePath(LogFormat format, Path dir) {
        return dir.resolve("spare-" + format.filePrefix() + ".tmp");
    }

    /**
     * Opens the log in {@code dir}, feeding every entry after {@code imageSequence} to {@code sink} in order.
     * Throws CORRUPT_FILE or IO_ERROR.
     */
    public static <E> SegmentLog<E> open(FilesFacade files, Path dir, LogFormat format, EntryCodec<E> codec,
            long imageSequence, Consumer<E> sink) {
        return open(files, dir, format, codec, imageSequence, sink, 0);
    }

    /**
     * As {@link #open(FilesFacade, Path, LogFormat, EntryCodec, long, Consumer)}, with new segments preallocated
     * as {@code segmentBytes} of zeros (0: segments grow by appending).
     */
    public static <E> SegmentLog<E> open(FilesFacade files, Path dir, LogFormat format, EntryCodec<E> codec,
            long imageSequence, Consumer<E> sink, long segmentBytes) {
        if (segmentBytes < 0 || (segmentBytes > 0 && segmentBytes <= JournalFiles.HEADER_BYTES)) {
            throw new IllegalArgumentException("segment size must be 0 or larger than the header: " + segmentBytes);
        }
        SegmentLog<E> log = new SegmentLog<>(files, dir, format, codec, segmentBytes);
        try {
            log.recover(imageSequence, sink);
        } catch (IOException e) {
            log.closeQuietly();
            throw ErrorCode.IO_ERROR.exceptionWithCause(e, dir, e.getMessage());
        } catch (RuntimeException e) {
            log.closeQuietly();
            throw e;
        }
        return log;
    }

    private void recover(long imageSequence, Consumer<E> sink) throws IOException {
        List<Path> segments = new ArrayList<>();
        for (Path p : files.list(dir)) {
            if (JournalFiles.firstSequenceOf(format, p).isPresent()) {
                segments.add(p);
            }
        }
        long last = -1; // last sequence read so far; -1 before the first segment
        long validEnd = 0;
        boolean tornTail = false;
        for (int i = 0; i < segments.size(); i++) {
            Path segment = segments.get(i);
            boolean newest = i == segments.size() - 1;
            byte[] bytes = files.readAllBytes(segment);
            long first = readHeader(segment, bytes);
            if (last < 0 && first > imageSequence + 1) {
                throw corrupt(segment, "starts at sequence " + first + " but the image covers only up to "
                        + imageSequence + "; entries in between are missing");
            }
            if (last >= 0 && first != last + 1) {
                throw corrupt(segment, "starts at sequence " + first + " but the previous segment ends at " + last);
            }
            last = first - 1;
            int offset = JournalFiles.HEADER_BYTES;
            while (offset < bytes.length) {
                Frames.Read read = Frames.read(bytes, offset);
                if (read.status() != Frames.Status.OK) {
                    if (ZeroFilledFiles.allZero(bytes, offset) && (segmentBytes > 0 || !newest)) {
                        // The unused, zero-filled end of a preallocated segment. (Without preallocation the
                        // newest segment's zero tail is a torn append and cut off below, as it always was.)
                        break;
                    }
                    if (!newest || !isTornTail(bytes, offset)) {
                        throw corrupt(segment, "bad record at offset " + offset + " (" + read.status() + ")");
                    }
                    LOG.warn("Dropping a torn record at the end of {} (offset {}, {} bytes): it was never "
                            + "acknowledged", segment, offset, bytes.length - offset);
                    tornTail = true;
                    break;
                }
                E entry = decode(segment, offset, read.payload());
                long sequence = codec.sequenceOf(entry);
                if (sequence != last + 1) {
                    throw corrupt(segment, "record at offset " + offset + " has sequence " + sequence
                            + ", expected " + (last + 1));
                }
                last = sequence;
                if (sequence > imageSequence) {
                    try {
                        sink.accept(entry);
                    } catch (RuntimeException e) {
                        throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, segment, "record " + sequence
                                + " at offset " + offset + " does not apply: " + e.getMessage());
                    }
                }
                offset = read.end();
            }
            validEnd = Math.min(offset, bytes.length);
        }
        if (segments.isEmpty() || last < imageSequence) {
            // Fresh directory, or the image is ahead of every segment (a checkpoint stopped before
            // starting its new segment): start the segment that follows the image.
            lastSequence = imageSequence;
            startSegment(imageSequence + 1);
            deleteAllBut(activePath, segments);
            return;
        }
        lastSequence = last;
        activePath = segments.getLast();
        active = files.open(activePath, StandardOpenOption.WRITE);
        if (active.size() > validEnd && (tornTail || segmentBytes == 0)) {
            // Cut off the torn append. A preallocated segment is thereby full: the next append rolls.
            active.truncate(validEnd);
            files.fsync(active);
        }
        activeEnd = validEnd;
        activeCapacity = active.size();
        deleteCovered(segments, imageSequence);
    }

    private long readHeader(Path segment, byte[] bytes) {
        if (bytes.length < JournalFiles.HEADER_BYTES) {
            // Segments are created whole (temp file, fsync, rename), so a short header is damage.
            throw corrupt(segment, "header is " + bytes.length + " bytes, expected " + JournalFiles.HEADER_BYTES);
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes, 0, JournalFiles.HEADER_BYTES);
        int magic = buf.getInt();
        int version = buf.getInt();
        long first = buf.getLong();
        if (magic != format.magic()) {
            throw corrupt(segment, "not a " + format.kind() + " (bad magic)");
        }
        if (version != JournalFiles.VERSION) {
            throw corrupt(segment, "unsupported journal format version " + version);
        }
        long named = JournalFiles.firstSequenceOf(format, segment).orElseThrow();
        if (first != named) {
            throw corrupt(segment, "header says first sequence " + first + " but the name says " + named);
        }
        return first;
    }

    /**
     * A bad frame is a torn append only if no whole, valid frame follows it. A torn append is always the
     * last thing in the file; a damaged length field in the middle could otherwise pass for one (its
     * length pointing past the end) and silently drop acknowledged records, so we look for survivors.
     * A random position passing CRC32C by chance is a 1 in 2^32 event per candidate.
     */
    private static boolean isTornTail(byte[] bytes, int offset) {
        for (int p = offset + 1; p + Frames.HEADER_BYTES <= bytes.length; p++) {
            if (Frames.read(bytes, p).status() == Frames.Status.OK) {
                return false;
            }
        }
        return true;
    }

    private E decode(Path segment, int offset, byte[] payload) {
        try {
            return codec.decode(payload);
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, segment, "record at offset " + offset
                    + " passes its checksum but cannot be read: " + e.getMessage());
        }
    }

    private static RuntimeException corrupt(Path segment, String detail) {
        return ErrorCode.CORRUPT_FILE.exception(segment, detail);
    }

    private void deleteCovered(List<Path> segments, long imageSequence) throws IOException {
        boolean deleted = false;
        for (int i = 0; i + 1 < segments.size(); i++) {
            long nextFirst = JournalFiles.firstSequenceOf(format, segments.get(i + 1)).orElseThrow();
            if (nextFirst - 1 <= imageSequence) {
                files.deleteIfExists(segments.get(i));
                deleted = true;
            }
        }
        if (deleted) {
            files.fsyncDirectory(dir);
        }
    }

    private void deleteAllBut(Path keep, List<Path> segments) throws IOException {
        for (Path p : segments) {
            if (!p.equals(keep)) {
                files.deleteIfExists(p);
            }
        }
        files.fsyncDirectory(dir);
    }

    /**
     * Creates a segment whole crash-safely and makes it the one appended to: header only, or, preallocated,
     * the spare with the header written over its first bytes - as {@link DurableFiles#replace} does it, the
     * file is complete and fsynced before the rename, and the directory is fsynced after it.
     */
    private void startSegment(long firstSequence) throws IOException {
        Path path = JournalFiles.path(format, dir, firstSequence);
        long capacity;
        try {
            if (spare == null) {
                DurableFiles.replace(files, path, JournalFiles.header(format, firstSequence));
                capacity = JournalFiles.HEADER_BYTES;
            } else {
                Path ready = spare.take();
                try (FileChannel channel = files.open(ready, StandardOpenOption.WRITE)) {
                    ByteBuffer header = JournalFiles.header(format, firstSequence);
                    long position = 0;
                    while (header.hasRemaining()) {
                        position += channel.write(header, position);
                    }
                    files.fdatasync(channel);
                }
                files.moveAtomically(ready, path);
                files.fsyncDirectory(dir);
                capacity = segmentBytes;
            }
        } catch (IOException e) {
            if (active != null && files.exists(path)) {
                // The new segment may be on disk: appending on to the old one would put sequences there
                // that the new one's name claims (the next open would refuse the log). Stop instead.
                failure = e;
            }
            throw e;
        }
        FileChannel channel = files.open(path, StandardOpenOption.WRITE);
        FileChannel old = active;
        active = channel;
        activePath = path;
        activeEnd = JournalFiles.HEADER_BYTES;
        activeCapacity = capacity;
        if (old != null) {
            old.close();
        }
    }

    /** The sequence of the last entry held (or covered by the image), 0 when none. */
    public long lastSequence() {
        return lastSequence;
    }

    /**
     * Appends one entry whose sequence is {@code lastSequence() + 1}; durable when this returns. After a
     * failure the log accepts no more appends.
     */
    public void append(E entry) throws IOException {
        appendAll(List.of(entry));
    }

    /**
     * Appends consecutive entries with one write and one fsync, so concurrent committers can share the
     * fsync (group commit). All are durable when this returns; after a failure none is acknowledged and
     * the log accepts no more appends (the next open keeps whole frames and drops a torn last one).
     */
    public void appendAll(List<E> entries) throws IOException {
        if (failure != null) {
            throw new IOException("the " + format.kind() + " " + activePath + " failed earlier and accepts no "
                    + "writes until restart: " + failure.getMessage(), failure);
        }
        if (entries.isEmpty()) {
            return;
        }
        List<byte[]> payloads = new ArrayList<>(entries.size());
        long expected = lastSequence;
        int bytes = 0;
        for (E entry : entries) {
            long sequence = codec.sequenceOf(entry);
            if (sequence != ++expected) {
                throw new IllegalArgumentException("sequence " + sequence + " where " + expected + " was expected");
            }
            byte[] payload = codec.encode(entry);
            payloads.add(payload);
            bytes += Frames.HEADER_BYTES + payload.length;
        }
        ByteBuffer frame = ByteBuffer.allocate(bytes);
        for (byte[] payload : payloads) {
            frame.put(Frames.frame(payload));
        }
        frame.flip();
        if (spare != null && activeEnd > JournalFiles.HEADER_BYTES && activeEnd + bytes > activeCapacity) {
            roll();
        }
        long position = activeEnd;
        try {
            while (frame.hasRemaining()) {
                position += active.write(frame, position);
            }
        } catch (IOException e) {
            undoWrite(e);
            throw e;
        }
        try {
            files.fdatasync(active);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        activeEnd = position;
        lastSequence = expected;
        if (spare != null) {
            spare.prepareAhead(); // the next segment's file, filled off this path while this one fills
        }
    }

    /**
     * The preallocated segment is full: continue in a new one, starting at the next sequence (what the
     * full one holds stays; recovery reads across segments). A failure before the rename leaves the log as
     * it was; one after it poisons the log ({@link #startSegment}).
     */
    private void roll() throws IOException {
        startSegment(lastSequence + 1);
    }

    /**
     * Cuts off what a failed write left after the acknowledged end, so that a torn, unacknowledged frame can
     * neither be appended after nor reappear at the next open; poisons the log if that fails.
     */
    private void undoWrite(IOException cause) {
        try {
            active.truncate(activeEnd);
            files.fsync(active);
            activeCapacity = activeEnd; // a preallocated segment is now full: the next append rolls
        } catch (IOException e) {
            cause.addSuppressed(e);
            failure = cause;
        }
    }

    /** Whether an append has failed; the log then refuses writes until it is reopened. */
    public boolean failed() {
        return failure != null;
    }

    /**
     * Entries up to {@code sequence} (which must be the last one) are in a durable image now: start a new
     * segment and delete the older ones.
     */
    public void discardThrough(long sequence) throws IOException {
        if (failure != null) {
            throw new IOException("the " + format.kind() + " " + activePath + " failed earlier", failure);
        }
        if (sequence != lastSequence) {
            throw new IllegalArgumentException("an image must cover the whole log: " + sequence + " vs "
                    + lastSequence);
        }
        List<Path> old = new ArrayList<>();
        for (Path p : files.list(dir)) {
            if (JournalFiles.firstSequenceOf(format, p).isPresent()) {
                old.add(p);
            }
        }
        startSegment(sequence + 1);
        // From here on the new segment is the log; deleting the old ones only saves space, and a failure
        // leaves them for the next open, which skips and deletes them (the image covers them).
        try {
            for (Path p : old) {
                if (!p.equals(activePath)) {
                    files.deleteIfExists(p);
                }
            }
            files.fsyncDirectory(dir);
        } catch (IOException e) {
            LOG.warn("Could not delete old journal segments in {}; the next start will", dir, e);
        }
    }

    /**
     * A durable image covers every entry up to {@code sequence}, and appends may have gone on past it: deletes
     * the segments it covers whole (never the one appended to). Unlike {@link #discardThrough} it starts no
     * segment; the next open skips the covered entries of the segments left.
     */
    public void discardCovered(long sequence) throws IOException {
        List<Path> segments = new ArrayList<>();
        for (Path p : files.list(dir)) {
            if (JournalFiles.firstSequenceOf(format, p).isPresent()) {
                segments.add(p);
            }
        }
        deleteCovered(segments, sequence);
    }

    /** The segment appended to, for error messages. */
    public String describe() {
        return String.valueOf(activePath);
    }

    @Override
    public void close() throws IOException {
        if (spare != null) {
            spare.close();
        }
        if (active != null) {
            active.close();
            active = null;
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException e) {
            LOG.debug("close after a failed open", e);
        }
    }
}
