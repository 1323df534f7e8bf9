package io.shoaldb.sql.parser;

/** Where a quoted piece or a comment of MySQL text ends, for the scanners that read statement text without parsing it. */
public final class SqlQuotes {
    private SqlQuotes() {
    }

    /**
     * The index just past the quote that closes the one at {@code start} (doubled quotes and, except in
     * backquoted identifiers, backslashes escape), or the text's length when it is not closed.
     */
    public static int end(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\' && quote != '`') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }

    /**
     * The index just past the comment that starts at {@code start} ({@code #} or {@code -- } to the end of the line,
     * its newline included; C style to its closing {@code *}{@code /}), the text's length when it is not closed, or -1
     * when no comment starts there.
     */
    public static int commentEnd(String sql, int start) {
        int n = sql.length();
        char c = sql.charAt(start);
        if (c == '#' || (c == '-' && start + 1 < n && sql.charAt(start + 1) == '-'
                && (start + 2 == n || Character.isWhitespace(sql.charAt(start + 2))))) {
            int eol = sql.indexOf('\n', start);
            return eol < 0 ? n : eol + 1;
        }
        if (c == '/' && start + 1 < n && sql.charAt(start + 1) == '*') {
            int close = sql.indexOf("*/", start + 2);
            return close < 0 ? n : close + 2;
        }
        return -1;
    }
}
