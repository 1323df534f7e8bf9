package io.shoaldb.catalog.journal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.io.DurableFiles;
import io.shoaldb.common.io.FilesFacade;
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
    private Path activePath;
    private FileChannel active;
    private long activeEnd;
    private long lastSequence;
    private IOException failure;

    private SegmentLog(FilesFacade files, Path dir, LogFormat format, EntryCodec<E> codec) {
        this.files = files;
        this.dir = dir;
        this.format = format;
        this.codec = codec;
    }

    /**
     * Opens the log in {@code dir}, feeding every entry after {@code imageSequence} to {@code sink} in order.
     * Throws CORRUPT_FILE or IO_ERROR.
     */
    public static <E> SegmentLog<E> open(FilesFacade files, Path dir, LogFormat format, EntryCodec<E> codec,
            long imageSequence, Consumer<E> sink) {
        SegmentLog<E> log = new SegmentLog<>(files, dir, format, codec);
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
                    if (!newest || !isTornTail(bytes, offset)) {
                        throw corrupt(segment, "bad record at offset " + offset + " (" + read.status() + ")");
                    }
                    LOG.warn("Dropping a torn record at the end of {} (offset {}, {} bytes): it was never "
                            + "acknowledged", segment, offset, bytes.length - offset);
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
        if (active.size() > validEnd) {
            active.truncate(validEnd);
            files.fsync(active);
        }
        activeEnd = validEnd;
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

    /** Creates a segment whole (header only) crash-safely and makes it the one appended to. */
    private void startSegment(long firstSequence) throws IOException {
        Path path = JournalFiles.path(format, dir, firstSequence);
        DurableFiles.replace(files, path, JournalFiles.header(format, firstSequence));
        FileChannel channel = files.open(path, StandardOpenOption.WRITE);
        FileChannel old = active;
        active = channel;
        activePath = path;
        activeEnd = JournalFiles.HEADER_BYTES;
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
            files.fsync(active);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        activeEnd = position;
        lastSequence = expected;
    }

    /**
     * Cuts off what a failed write left after the acknowledged end, so that a torn, unacknowledged frame can
     * neither be appended after nor reappear at the next open; poisons the log if that fails.
     */
    private void undoWrite(IOException cause) {
        try {
            active.truncate(activeEnd);
            files.fsync(active);
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

    /** The segment appended to, for error messages. */
    public String describe() {
        return String.valueOf(activePath);
    }

    @Override
    public void close() throws IOException {
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
