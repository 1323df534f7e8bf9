package io.shoaldb.server.session;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A line of text built directly as UTF-8 bytes: the audit writer encodes a few hundred thousand lines a second
 * under an INSERT load, and building a String first, then encoding it, was the larger part of that work.
 * Not thread-safe; one line per instance.
 */
final class Utf8Line {
    private byte[] bytes;
    private int length;

    Utf8Line(int expectedBytes) {
        bytes = new byte[Math.max(16, expectedBytes)];
    }

    /** Appends text known to be ASCII (the line's fixed labels). */
    Utf8Line ascii(String text) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) text.charAt(i);
        }
        return this;
    }

    /** Appends any text as UTF-8; {@code null} reads "null", as {@link StringBuilder#append(String)} writes it. */
    Utf8Line text(String text) {
        return utf8(text == null ? "null" : text, false);
    }

    /** Appends text as UTF-8 with its line breaks (CR, LF) written as spaces, so that it stays on one line. */
    Utf8Line oneLine(String text) {
        return utf8(text, true);
    }

    Utf8Line number(long value) {
        if (value < 0) {
            return ascii(Long.toString(value));
        }
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        return padded(value, digits);
    }

    /** Appends {@code value} as exactly {@code digits} decimal digits, zero-padded (the milliseconds of a time). */
    Utf8Line padded(long value, int digits) {
        ensure(digits);
        length += digits;
        for (int i = length - 1; i >= length - digits; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return this;
    }

    Utf8Line raw(byte[] encoded) {
        ensure(encoded.length);
        System.arraycopy(encoded, 0, bytes, length, encoded.length);
        length += encoded.length;
        return this;
    }

    /** The line's bytes (the buffer itself when it is exactly full). */
    byte[] toBytes() {
        return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private Utf8Line utf8(String text, boolean oneLine) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) { // the rest through the JDK's encoder (surrogate pairs, malformed input)
                String rest = text.substring(i);
                return raw((oneLine ? rest.replace('\n', ' ').replace('\r', ' ') : rest)
                        .getBytes(StandardCharsets.UTF_8));
            }
            bytes[length++] = (byte) (oneLine && (c == '\n' || c == '\r') ? ' ' : c);
        }
        return this;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
