package io.shoaldb.catalog.journal;

import io.shoaldb.common.io.FilesFacade;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The catalog's metadata log in local segment files: a {@link SegmentLog} of {@link JournalEntry} in JSON
 * with the {@link LogFormat#CATALOG_JOURNAL} format. Recovery, torn-tail handling and the poisoning after
 * a failed append are the segment log's (see there).
 */
public final class LocalMetaLog implements MetaLog {
    private static final EntryCodec<JournalEntry> CODEC = new EntryCodec<>() {
        @Override
        public byte[] encode(JournalEntry entry) {
            return JsonCodec.encode(entry);
        }

        @Override
        public JournalEntry decode(byte[] payload) throws IOException {
            JournalEntry entry = JsonCodec.decode(payload, JournalEntry.class);
            if (entry.record() == null) {
                throw new IOException("no record");
            }
            return entry;
        }

        @Override
        public long sequenceOf(JournalEntry entry) {
            return entry.sequence();
        }
    };

    private final SegmentLog<JournalEntry> segments;

    private LocalMetaLog(SegmentLog<JournalEntry> segments) {
        this.segments = segments;
    }

    /**
     * Opens the log in {@code dir}, feeding every entry after {@code imageSequence} to {@code sink} in order.
     * Throws CORRUPT_FILE or IO_ERROR.
     */
    public static LocalMetaLog open(FilesFacade files, Path dir, long imageSequence, Consumer<JournalEntry> sink) {
        return new LocalMetaLog(SegmentLog.open(files, dir, LogFormat.CATALOG_JOURNAL, CODEC, imageSequence, sink));
    }

    @Override
    public long lastSequence() {
        return segments.lastSequence();
    }

    @Override
    public void append(JournalEntry entry) throws IOException {
        segments.append(entry);
    }

    @Override
    public void discardThrough(long sequence) throws IOException {
        segments.discardThrough(sequence);
    }

    @Override
    public String describe() {
        return segments.describe();
    }

    @Override
    public boolean failed() {
        return segments.failed();
    }

    @Override
    public void close() throws IOException {
        segments.close();
    }
}
