package io.shoaldb.sql.parser;

import java.util.Locale;

/**
 * Moves an error position to where MySQL would put it when Calcite's grammar is more lenient.
 * The one case handled: Calcite lets a select-list {@code *} take an alias, so in
 * {@code SELECT * FORM t} it reads FORM as the alias and fails at {@code t}; MySQL (and the user)
 * see the error at FORM. So when the word before the failing token is directly preceded by a
 * select-list star, the error moves to that word.
 */
final class ErrorPositions {
    private ErrorPositions() {
    }

    static int adjust(String text, int errorOffset) {
        int i = skipSpaceBack(text, Math.min(errorOffset, text.length()) - 1);
        int wordEnd = i + 1;
        i = skipWordBack(text, i);
        int wordStart = i + 1;
        if (wordStart >= wordEnd) {
            return errorOffset;
        }
        i = skipSpaceBack(text, i);
        if (i < 0 || text.charAt(i) != '*') {
            return errorOffset;
        }
        i = skipSpaceBack(text, i - 1);
        if (i < 0) {
            return errorOffset;
        }
        char before = text.charAt(i);
        if (before == ',' || before == '.') {
            return wordStart;
        }
        int keywordEnd = i + 1;
        String keyword = text.substring(skipWordBack(text, i) + 1, keywordEnd).toUpperCase(Locale.ROOT);
        return keyword.equals("SELECT") || keyword.equals("DISTINCT") || keyword.equals("ALL")
                ? wordStart
                : errorOffset;
    }

    private static int skipSpaceBack(String text, int i) {
        while (i >= 0 && Character.isWhitespace(text.charAt(i))) {
            i--;
        }
        return i;
    }

    /** Skips back over a plain or backtick-quoted word ending at i; returns the index before it. */
    private static int skipWordBack(String text, int i) {
        if (i >= 0 && text.charAt(i) == '`') {
            int open = text.lastIndexOf('`', i - 1);
            return open < 0 ? i : open - 1;
        }
        while (i >= 0 && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_'
                || text.charAt(i) == '$')) {
            i--;
        }
        return i;
    }
}
