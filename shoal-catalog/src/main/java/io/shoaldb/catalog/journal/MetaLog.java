package io.shoaldb.catalog.journal;

import java.io.IOException;

/**
 * The metadata log the catalog writes every mutation to before applying it. Implementations replay what
 * they hold when opened; the local one is a file ({@link LocalMetaLog}); scale-out will put one on a
 * consensus log, where {@link #discardThrough} maps to purging the log after a snapshot.
 */
public interface MetaLog extends AutoCloseable {
    /** The sequence of the last entry held (or covered by the image), 0 when none. */
    long lastSequence();

    /**
     * Appends an entry whose sequence is {@code lastSequence() + 1}; it is durable when this returns. After
     * a failure the log accepts no more appends (the state of the failed append on disk is unknown until
     * the next open decides it).
     */
    void append(JournalEntry entry) throws IOException;

    /** Entries up to {@code sequence} are in a durable image now and need not be kept. */
    void discardThrough(long sequence) throws IOException;

    /** Where the log lives, for error messages. */
    String describe();

    @Override
    void close() throws IOException;
}
