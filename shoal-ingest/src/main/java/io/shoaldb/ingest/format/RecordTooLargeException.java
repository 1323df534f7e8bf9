package io.shoaldb.ingest.format;

import java.io.IOException;

/**
 * A record of the body is larger than its {@link RecordLimits}: the load fails and commits nothing. An
 * {@link IOException} because, like a broken body, it ends the reading; its message is the client's error.
 */
public final class RecordTooLargeException extends IOException {
    public RecordTooLargeException(String message) {
        super(message);
    }
}
