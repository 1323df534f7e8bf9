package io.shoaldb.storage.segment;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Turns an {@link IOException} from a storage write into the error a client should see. A full device is
 * a resource problem the operator can fix (DISK_FULL) rather than a generic I/O failure, so it gets its
 * own code; both name the file.
 */
public final class IoFailures {
    private IoFailures() {
    }

    public static ShoalException of(IOException e, Path file) {
        if (isNoSpace(e)) {
            return ErrorCode.DISK_FULL.exceptionWithCause(e, file + ": " + e.getMessage());
        }
        return ErrorCode.IO_ERROR.exceptionWithCause(e, file, e.getMessage());
    }

    /** Java reports ENOSPC only as text ("No space left on device"), possibly as a FileSystemException reason. */
    static boolean isNoSpace(IOException e) {
        String text = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason() : e.getMessage();
        return text != null && text.toLowerCase(Locale.ROOT).contains("no space left");
    }
}
