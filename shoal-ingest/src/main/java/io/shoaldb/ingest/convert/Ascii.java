package io.shoaldb.ingest.convert;

/** Small byte-level helpers shared by the parsers. */
final class Ascii {
    private Ascii() {
    }

    /** Doris's parsers skip leading and trailing ASCII whitespace around numbers and dates. */
    static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\f' || b == 0x0B;
    }

    static int trimStart(byte[] b, int off, int end) {
        while (off < end && isSpace(b[off])) {
            off++;
        }
        return off;
    }

    static int trimEnd(byte[] b, int off, int end) {
        while (end > off && isSpace(b[end - 1])) {
            end--;
        }
        return end;
    }

    static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    /** Case-insensitive comparison with a lower-case ASCII word. */
    static boolean equalsLower(byte[] b, int off, int end, String lower) {
        if (end - off != lower.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            int c = b[off + i];
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
