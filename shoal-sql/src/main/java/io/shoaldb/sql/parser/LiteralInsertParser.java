package io.shoaldb.sql.parser;

import io.shoaldb.sql.tree.SqlDorisInsert;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The fast path for the statement thousands of clients send: {@code INSERT INTO [db.]t [(c, ...)] VALUES
 * (literal, ...), ...} with only literals ({@code 1}, {@code -2.5}, {@code 1e3}, {@code 'text'},
 * {@code "text"}, {@code NULL}, {@code TRUE}, {@code FALSE}, {@code ?}). It reads the text once, left to
 * right, and builds the same tree Calcite's parser would, without building a JavaCC parser per statement
 * (its construction alone allocates thousands of lookahead objects). Anything else - comments, labels,
 * expressions, odd identifiers - returns null and takes the full parser, which also reports errors.
 */
final class LiteralInsertParser {
    /** Words that cannot be a plain table or column name here; the full parser decides what they mean. */
    private static final Set<String> RESERVED = Set.of("VALUES", "VALUE", "WITH", "SELECT", "INTO", "INSERT", "SET",
            "PARTITION", "OVERWRITE", "TABLE");

    private final String sql;
    private int pos;
    private int dynamicParams;

    private LiteralInsertParser(String sql) {
        this.sql = sql;
    }

    /** The parsed statement, or null when the text is not a plain literal INSERT. */
    static SqlDorisInsert tryParse(String sql) {
        if (sql.length() < 20 || !sql.regionMatches(true, firstNonSpace(sql), "INSERT", 0, 6)) {
            return null;
        }
        return new LiteralInsertParser(sql).statement();
    }

    private static int firstNonSpace(String sql) {
        int i = 0;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    private SqlDorisInsert statement() {
        if (!keyword("INSERT") || !keyword("INTO")) {
            return null;
        }
        String first = identifier();
        if (first == null) {
            return null;
        }
        String database = null;
        String table = first;
        if (peek() == '.') {
            pos++;
            database = first;
            table = identifier();
            if (table == null) {
                return null;
            }
        }
        List<String> columns = null;
        if (peek() == '(') {
            pos++;
            columns = new ArrayList<>();
            do {
                String column = identifier();
                if (column == null) {
                    return null;
                }
                columns.add(column);
            } while (accept(','));
            if (!accept(')')) {
                return null;
            }
        }
        if (!keyword("VALUES") && !keyword("VALUE")) {
            return null;
        }
        List<SqlNode> rows = new ArrayList<>();
        do {
            SqlNode row = row();
            if (row == null) {
                return null;
            }
            rows.add(row);
        } while (accept(','));
        accept(';');
        skipSpace();
        if (pos != sql.length()) {
            return null;
        }
        SqlNode values = SqlStdOperatorTable.VALUES.createCall(SqlParserPos.ZERO, rows);
        return new SqlDorisInsert(SqlParserPos.ZERO, database, table, null, columns, values);
    }

    private SqlNode row() {
        if (!accept('(')) {
            return null;
        }
        List<SqlNode> values = new ArrayList<>();
        do {
            SqlNode value = literal();
            if (value == null) {
                return null;
            }
            values.add(value);
        } while (accept(','));
        if (!accept(')')) {
            return null;
        }
        return SqlStdOperatorTable.ROW.createCall(SqlParserPos.ZERO, values);
    }

    private SqlNode literal() {
        skipSpace();
        if (pos >= sql.length()) {
            return null;
        }
        char c = sql.charAt(pos);
        if (c == '\'' || c == '"') {
            String text = quoted(c);
            return text == null ? null : SqlLiteral.createCharString(text, SqlParserPos.ZERO);
        }
        if (c == '?') {
            pos++;
            return new SqlDynamicParam(dynamicParams++, SqlParserPos.ZERO);
        }
        if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) {
            return number();
        }
        String word = word();
        if (word == null) {
            return null;
        }
        return switch (word.toUpperCase(Locale.ROOT)) {
            case "NULL" -> SqlLiteral.createNull(SqlParserPos.ZERO);
            case "TRUE" -> SqlLiteral.createBoolean(true, SqlParserPos.ZERO);
            case "FALSE" -> SqlLiteral.createBoolean(false, SqlParserPos.ZERO);
            default -> null;
        };
    }

    /** A decimal number: digits with an optional sign, point and exponent; an exponent makes it approximate. */
    private SqlNode number() {
        int start = pos;
        if (sql.charAt(pos) == '-' || sql.charAt(pos) == '+') {
            pos++;
        }
        int digits = 0;
        while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
            pos++;
            digits++;
        }
        if (pos < sql.length() && sql.charAt(pos) == '.') {
            pos++;
            while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
                pos++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        boolean approximate = false;
        if (pos < sql.length() && (sql.charAt(pos) == 'e' || sql.charAt(pos) == 'E')) {
            approximate = true;
            pos++;
            if (pos < sql.length() && (sql.charAt(pos) == '-' || sql.charAt(pos) == '+')) {
                pos++;
            }
            int exponentDigits = 0;
            while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
                pos++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return null;
            }
        }
        if (pos < sql.length() && isWordChar(sql.charAt(pos))) {
            return null; // e.g. 12abc or 0x1F: not a plain number
        }
        String text = sql.substring(start, pos);
        if (text.startsWith("+")) {
            text = text.substring(1);
        }
        return approximate ? SqlLiteral.createApproxNumeric(text, SqlParserPos.ZERO)
                : SqlLiteral.createExactNumeric(text, SqlParserPos.ZERO);
    }

    /** A string in MySQL's rules: doubled quotes and backslash escapes ({@code \%} and {@code \_} kept). */
    private String quoted(char quote) {
        StringBuilder out = new StringBuilder();
        pos++;
        while (pos < sql.length()) {
            char c = sql.charAt(pos++);
            if (c == quote) {
                if (pos < sql.length() && sql.charAt(pos) == quote) {
                    out.append(quote);
                    pos++;
                    continue;
                }
                return out.toString();
            }
            if (c == '\\') {
                if (pos >= sql.length()) {
                    return null;
                }
                char e = sql.charAt(pos++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case '0' -> out.append('\0');
                    case 'Z' -> out.append('\u001A');
                    case '%', '_' -> out.append('\\').append(e);
                    default -> out.append(e);
                }
                continue;
            }
            out.append(c);
        }
        return null;
    }

    /** A plain or backticked name; null for anything the full parser should judge. */
    private String identifier() {
        skipSpace();
        if (pos < sql.length() && sql.charAt(pos) == '`') {
            StringBuilder out = new StringBuilder();
            pos++;
            while (pos < sql.length()) {
                char c = sql.charAt(pos++);
                if (c == '`') {
                    if (pos < sql.length() && sql.charAt(pos) == '`') {
                        out.append('`');
                        pos++;
                        continue;
                    }
                    return out.isEmpty() ? null : out.toString();
                }
                out.append(c);
            }
            return null;
        }
        String word = word();
        // A keyword where a name belongs (VALUES, WITH, SELECT...) is for the full parser to judge.
        if (word == null || RESERVED.contains(word.toUpperCase(Locale.ROOT))) {
            return null;
        }
        return word;
    }

    private String word() {
        skipSpace();
        int start = pos;
        if (pos >= sql.length() || !(Character.isLetter(sql.charAt(pos)) || sql.charAt(pos) == '_')) {
            return null;
        }
        while (pos < sql.length() && isWordChar(sql.charAt(pos))) {
            pos++;
        }
        return sql.substring(start, pos);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private boolean keyword(String word) {
        skipSpace();
        int end = pos + word.length();
        if (end > sql.length() || !sql.regionMatches(true, pos, word, 0, word.length())
                || (end < sql.length() && isWordChar(sql.charAt(end)))) {
            return false;
        }
        pos = end;
        return true;
    }

    private boolean accept(char c) {
        skipSpace();
        if (pos < sql.length() && sql.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private char peek() {
        skipSpace();
        return pos < sql.length() ? sql.charAt(pos) : 0;
    }

    /** Whitespace only: a comment sends the statement to the full parser (see {@link #tryParse}). */
    private void skipSpace() {
        while (pos < sql.length() && Character.isWhitespace(sql.charAt(pos))) {
            pos++;
        }
    }
}
