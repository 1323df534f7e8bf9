package io.shoaldb.sql.parser;

/** Where a quoted piece of MySQL text ends, for the scanners that read statement text without parsing it. */
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
}
