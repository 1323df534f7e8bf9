package io.shoaldb.catalog.journal;

/**
 * What tells one kind of segmented log apart from another on disk: the segment file name prefix
 * ({@code <prefix>-<first sequence, 20 digits>.log}), the header magic, and a name for error messages.
 * Several logs (the catalog journal, the transaction commit log) share one format and recovery code.
 */
public record LogFormat(String filePrefix, int magic, String kind) {
    /** The catalog journal: {@code journal-*.log}, magic "SHCJ". */
    public static final LogFormat CATALOG_JOURNAL = new LogFormat("journal", 0x5348434A, "catalog journal");

    public LogFormat {
        if (!filePrefix.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("log file prefix must be lower-case letters, digits, '_': " + filePrefix);
        }
    }
}
