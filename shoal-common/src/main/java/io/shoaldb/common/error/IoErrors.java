package io.shoaldb.common.error;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.Locale;

/**
 * The client's error for an {@link IOException} on a file: a full device is a resource problem the operator can fix
 * (DISK_FULL, MySQL's 1021) rather than a generic I/O failure (IO_ERROR); both name the file.
 */
public final class IoErrors {
    private IoErrors() {
    }

    public static ShoalException of(IOException e, Object file) {
        if (isNoSpace(e)) {
            return ErrorCode.DISK_FULL.exceptionWithCause(e, file + ": " + e.getMessage());
        }
        return ErrorCode.IO_ERROR.exceptionWithCause(e, file, detail(e));
    }

    /**
     * The exception's text. The JDK's file-system exceptions without a reason ({@code NoSuchFileException},
     * {@code FileAlreadyExistsException}, ...) say only the path, which the message names already: their kind is
     * what tells a missing directory from a name taken twice.
     */
    private static String detail(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() == null) {
            return e.getMessage() + " (" + e.getClass().getSimpleName() + ")";
        }
        return e.getMessage();
    }

    /** Java reports ENOSPC only as text ("No space left on device"), possibly as a FileSystemException reason. */
    public static boolean isNoSpace(IOException e) {
        String text = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason() : e.getMessage();
        return text != null && text.toLowerCase(Locale.ROOT).contains("no space left");
    }
}
