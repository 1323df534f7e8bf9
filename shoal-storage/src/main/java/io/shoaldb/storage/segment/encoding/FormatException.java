package io.shoaldb.storage.segment.encoding;

/**
 * Bytes that do not decode as the format says. Codecs throw it without knowing the file; the segment
 * reader turns it into CORRUPT_FILE naming the file, column and page.
 */
public final class FormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FormatException(String message) {
        super(message);
    }

    public FormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
