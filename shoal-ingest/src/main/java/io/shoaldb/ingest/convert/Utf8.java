package io.shoaldb.ingest.convert;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** UTF-8 validation and encoding without going through String (the load hot path handles raw bytes). */
public final class Utf8 {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Utf8() {
    }

    /** True when {@code [off, off+len)} is well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF). */
    public static boolean isValid(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        // ASCII eight bytes at a time: most loaded text is ASCII, and this runs for every string field
        while (i + 8 <= end && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0) {
            i += 8;
        }
        while (i < end) {
            int c = b[i];
            if (c >= 0) {
                i++;
                continue;
            }
            int n = sequenceLength(b, i, end);
            if (n <= 0) {
                return false;
            }
            i += n;
        }
        return true;
    }

    /** Length of the valid multi-byte sequence at {@code i}, or -1. */
    private static int sequenceLength(byte[] b, int i, int end) {
        int c = b[i] & 0xFF;
        if (c >= 0xC2 && c <= 0xDF) {
            return i + 1 < end && isCont(b[i + 1]) ? 2 : -1;
        }
        if (c >= 0xE0 && c <= 0xEF) {
            if (i + 2 >= end || !isCont(b[i + 1]) || !isCont(b[i + 2])) {
                return -1;
            }
            int c1 = b[i + 1] & 0xFF;
            if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F)) {
                return -1; // overlong, or UTF-16 surrogate
            }
            return 3;
        }
        if (c >= 0xF0 && c <= 0xF4) {
            if (i + 3 >= end || !isCont(b[i + 1]) || !isCont(b[i + 2]) || !isCont(b[i + 3])) {
                return -1;
            }
            int c1 = b[i + 1] & 0xFF;
            if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F)) {
                return -1;
            }
            return 4;
        }
        return -1;
    }

    private static boolean isCont(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /** Largest length {@code <= max} that does not split a character of the valid UTF-8 text. */
    public static int truncationPoint(byte[] b, int off, int len, int max) {
        if (len <= max) {
            return len;
        }
        int cut = max;
        while (cut > 0 && isCont(b[off + cut])) {
            cut--;
        }
        return cut;
    }

    /** Encodes chars as UTF-8 into {@code out} (grown when needed); returns the possibly new array, length in {@code len[0]}. */
    public static byte[] encode(char[] chars, int off, int count, byte[] out, int[] len) {
        if (out.length < count * 3) {
            out = new byte[Math.max(count * 3, out.length * 2)];
        }
        int p = 0;
        int end = off + count;
        for (int i = off; i < end; i++) {
            char c = chars[i];
            if (c < 0x80) {
                out[p++] = (byte) c;
            } else if (c < 0x800) {
                out[p++] = (byte) (0xC0 | (c >> 6));
                out[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
                int cp = Character.toCodePoint(c, chars[++i]);
                out[p++] = (byte) (0xF0 | (cp >> 18));
                out[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                out[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                out[p++] = (byte) (0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                out[p++] = (byte) '?'; // a lone surrogate has no UTF-8 form; Java's encoder does the same
            } else {
                out[p++] = (byte) (0xE0 | (c >> 12));
                out[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        len[0] = p;
        return out;
    }
}
