package io.shoaldb.common.error;

/** Who is at fault, which decides logging level and whether a retry can help. */
public enum ErrorCategory {
    /** The request was wrong; retrying it unchanged fails again. */
    USER,
    /** A limit was hit (memory, WAL count, disk); retrying later may succeed. */
    RESOURCE,
    /** A file or device failed. */
    IO,
    /** A bug or an unexpected state inside ShoalDB. */
    INTERNAL
}
