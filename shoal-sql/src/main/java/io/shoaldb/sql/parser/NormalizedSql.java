package io.shoaldb.sql.parser;

/**
 * The output of {@link MysqlLexicalNormalizer}: the text Calcite parses, and for each of its
 * characters (plus one for the end) the offset of the original character it came from.
 */
record NormalizedSql(String original, String text, int[] origin) {
    boolean isBlank() {
        return text.isBlank();
    }

    /** Maps a 1-based (line, column) of the normalised text, counted as JavaCC counts them, to an offset of the original. */
    int originalOffset(int line, int column) {
        return toOriginal(TextPositions.offset(text, line, column));
    }

    /** Like {@link #originalOffset} for a parse error, moved to where MySQL reports it (see ErrorPositions). */
    int originalErrorOffset(int line, int column) {
        return toOriginal(ErrorPositions.adjust(text, TextPositions.offset(text, line, column)));
    }

    int toOriginal(int normalizedOffset) {
        return origin[Math.min(Math.max(normalizedOffset, 0), text.length())];
    }

    /** Offset just past the last character of the original that is not white space, ';' or a comment. */
    int originalEnd() {
        for (int i = text.length() - 1; i >= 0; i--) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return origin[i] + 1;
            }
        }
        return 0;
    }
}
