package io.shoaldb.catalog.journal;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names and header of log segment files: {@code <prefix>-<first sequence, 20 digits>.log}, so name
 * order is sequence order. Header: the format's magic, int format version, long first sequence (16 bytes,
 * big-endian).
 */
final class JournalFiles {
    static final int VERSION = 1;
    static final int HEADER_BYTES = 16;
    private static final Pattern NAME = Pattern.compile("([a-z][a-z0-9_]*)-(\\d{20})\\.log");

    private JournalFiles() {
    }

    static Path path(LogFormat format, Path dir, long firstSequence) {
        return dir.resolve(String.format("%s-%020d.log", format.filePrefix(), firstSequence));
    }

    static Optional<Long> firstSequenceOf(LogFormat format, Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        return m.matches() && m.group(1).equals(format.filePrefix())
                ? Optional.of(Long.parseLong(m.group(2))) : Optional.empty();
    }

    static ByteBuffer header(LogFormat format, long firstSequence) {
        ByteBuffer buf = ByteBuffer.allocate(HEADER_BYTES);
        buf.putInt(format.magic()).putInt(VERSION).putLong(firstSequence).flip();
        return buf;
    }
}
