package io.shoaldb.protocol.mysql.command;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a multi-statement COM_QUERY ("a; b") at the semicolons outside string literals, quoted identifiers
 * and comments. The Session runs one statement at a time, so when a client turns multi-statements on (as
 * Connector/J does for rewritten Statement batches) the protocol feeds it the statements one by one.
 */
final class StatementSplitter {
    private StatementSplitter() {
    }

    /** The statements of {@code sql}, trimmed; empty ones (";;", a trailing ";") are dropped. */
    static List<String> split(String sql) {
        List<String> statements = new ArrayList<>();
        int start = 0;
        int i = 0;
        int length = sql.length();
        while (i < length) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(sql, i, c);
            } else if (c == '#' || (c == '-' && sql.startsWith("-- ", i)) || (c == '-' && sql.startsWith("--", i)
                    && (i + 2 == length || Character.isWhitespace(sql.charAt(i + 2))))) {
                i = skipLine(sql, i);
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? length : end + 2;
            } else if (c == ';') {
                add(statements, sql.substring(start, i));
                start = ++i;
            } else {
                i++;
            }
        }
        add(statements, sql.substring(start));
        return statements;
    }

    private static int skipQuoted(String sql, int open, char quote) {
        int i = open + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\' && quote != '`') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2; // a doubled quote stands for itself
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }

    private static int skipLine(String sql, int from) {
        int end = sql.indexOf('\n', from);
        return end < 0 ? sql.length() : end + 1;
    }

    private static void add(List<String> statements, String statement) {
        if (!statement.isBlank()) {
            statements.add(statement.strip());
        }
    }
}
