package io.shoaldb.catalog.journal;

/**
 * A record with its place in the log. Sequences start at 1 and have no gaps; the image names the last
 * sequence it covers, so replay skips what the image already holds (no double apply after a checkpoint
 * crash).
 */
public record JournalEntry(long sequence, JournalRecord record) {
}
