package io.shoaldb.exec.expr.function.json;

import java.io.ByteArrayOutputStream;

/**
 * A growable byte buffer reused for every row of a batch: accessor results are written here (UTF-8) and then
 * copied once into the result vector, so no String is made per value. Also the sink of {@link CompactJson}.
 */
final class Utf8Buffer extends ByteArrayOutputStream {
    Utf8Buffer() {
        super(64);
    }

    byte[] bytes() {
        return buf;
    }

    int length() {
        return count;
    }

    /** Appends {@code chars[off, off+len)} as UTF-8 (surrogate pairs become one 4-byte sequence). */
    void appendUtf8(char[] chars, int off, int len) {
        for (int i = off; i < off + len; i++) {
            char c = chars[i];
            if (c < 0x80) {
                write(c);
            } else if (c < 0x800) {
                write(0xC0 | c >> 6);
                write(0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < off + len && Character.isLowSurrogate(chars[i + 1])) {
                int cp = Character.toCodePoint(c, chars[++i]);
                write(0xF0 | cp >> 18);
                write(0x80 | cp >> 12 & 0x3F);
                write(0x80 | cp >> 6 & 0x3F);
                write(0x80 | cp & 0x3F);
            } else {
                write(0xE0 | c >> 12);
                write(0x80 | c >> 6 & 0x3F);
                write(0x80 | c & 0x3F);
            }
        }
    }
}
