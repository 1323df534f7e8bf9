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
     * Appends an entry whose sequence is {@code lastSequence() + 1}; it is durable when this returns. After a
     * failure the entry is not in the log; unless the failure could be undone (a write that found the disk full)
     * the log is {@link #failed()}: it accepts no more appends and the state of the failed append on disk is
     * unknown until the next open decides it.
     */
    void append(JournalEntry entry) throws IOException;

    /** Whether an append failed in a way that stops all further appends until the log is reopened. */
    boolean failed();

    /** Entries up to {@code sequence} are in a durable image now and need not be kept. */
    void discardThrough(long sequence) throws IOException;

    /** Where the log lives, for error messages. */
    String describe();

    @Override
    void close() throws IOException;
}
