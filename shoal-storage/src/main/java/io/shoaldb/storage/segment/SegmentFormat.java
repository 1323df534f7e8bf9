package io.shoaldb.storage.segment;

import java.nio.charset.StandardCharsets;

/** Fixed constants of the segment file layout; see docs/storage-format.md. */
final class SegmentFormat {
    static final int VERSION = 1;
    static final byte[] HEADER_MAGIC = "SHOALSEG".getBytes(StandardCharsets.US_ASCII);
    static final byte[] TRAILER_MAGIC = "SHOALEND".getBytes(StandardCharsets.US_ASCII);
    /** magic(8) + u32 version. */
    static final int HEADER_SIZE = 12;
    /** u64 footer offset + u32 footer length + u32 footer crc32c + magic(8). */
    static final int TRAILER_SIZE = 24;
    /** Bound on the footer size a reader accepts before allocating, so a corrupt length cannot exhaust memory. */
    static final int MAX_FOOTER_BYTES = 256 << 20;

    private SegmentFormat() {
    }
}
