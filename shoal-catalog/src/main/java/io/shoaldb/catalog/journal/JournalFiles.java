package io.shoaldb.catalog.journal;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names and header of journal segment files: {@code journal-<first sequence, 20 digits>.log}, so name
 * order is sequence order. Header: magic {@code SHCJ}, int format version, long first sequence (16 bytes,
 * big-endian).
 */
final class JournalFiles {
    static final int MAGIC = 0x5348434A; // "SHCJ"
    static final int VERSION = 1;
    static final int HEADER_BYTES = 16;
    private static final Pattern NAME = Pattern.compile("journal-(\\d{20})\\.log");

    private JournalFiles() {
    }

    static Path path(Path dir, long firstSequence) {
        return dir.resolve(String.format("journal-%020d.log", firstSequence));
    }

    static Optional<Long> firstSequenceOf(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        return m.matches() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }

    static ByteBuffer header(long firstSequence) {
        ByteBuffer buf = ByteBuffer.allocate(HEADER_BYTES);
        buf.putInt(MAGIC).putInt(VERSION).putLong(firstSequence).flip();
        return buf;
    }
}
