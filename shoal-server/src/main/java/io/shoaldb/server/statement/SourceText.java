package io.shoaldb.server.statement;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Column labels as MySQL makes them: the alias if given, else the expression exactly as the client
 * wrote it ({@code SELECT @@version_comment} is labelled {@code @@version_comment}).
 */
final class SourceText {
    private SourceText() {
    }

    static String label(SqlNode item, String sql) {
        String alias = SelectStatements.alias(item);
        if (alias != null) {
            return alias;
        }
        String text = slice(sql, item.getParserPosition());
        return text == null ? item.toString() : text;
    }

    /** The text between a position's start and end (inclusive, 1-based line and column), or null. */
    static String slice(String sql, SqlParserPos pos) {
        if (pos == null || pos.getLineNum() <= 0 || pos.getColumnNum() <= 0) {
            return null;
        }
        int start = offset(sql, pos.getLineNum(), pos.getColumnNum());
        int end = offset(sql, pos.getEndLineNum(), pos.getEndColumnNum());
        if (start < 0 || end < start || end >= sql.length()) {
            return null;
        }
        return sql.substring(start, end + 1);
    }

    private static int offset(String sql, int line, int column) {
        int index = 0;
        for (int l = 1; l < line; l++) {
            index = sql.indexOf('\n', index);
            if (index < 0) {
                return -1;
            }
            index++;
        }
        return index + column - 1;
    }
}
