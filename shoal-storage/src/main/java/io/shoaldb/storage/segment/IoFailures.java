package io.shoaldb.storage.segment;

import io.shoaldb.common.error.IoErrors;
import io.shoaldb.common.error.ShoalException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Turns an {@link IOException} from a storage write into the error a client should see: DISK_FULL for a full
 * device, IO_ERROR otherwise, naming the file (the rule of {@link IoErrors}, shared with the logs).
 */
public final class IoFailures {
    private IoFailures() {
    }

    public static ShoalException of(IOException e, Path file) {
        return IoErrors.of(e, file);
    }
}
