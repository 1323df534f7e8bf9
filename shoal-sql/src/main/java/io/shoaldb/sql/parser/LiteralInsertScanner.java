package io.shoaldb.sql.parser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Recognises the statement thousands of clients send: {@code INSERT INTO [db.]t [(c, ...)] VALUES (literal, ...),
 * ...} with only literals ({@code 1}, {@code -2.5}, {@code 1e3}, {@code 'text'}, {@code "text"}, {@code NULL},
 * {@code TRUE}, {@code FALSE}, {@code ?}). It reads the text once, left to right, and records each value as a
 * kind and a text range ({@link LiteralInsert}) - no parse tree, no JavaCC parser (whose construction alone
 * allocates thousands of lookahead objects), no object per value. Anything else - comments, labels,
 * expressions, odd identifiers - returns null and takes the full parser, which also reports errors; what it
 * accepts means exactly what the full parser's tree means ({@link LiteralInsertParser} builds that tree from it).
 */
public final class LiteralInsertScanner {
    /** Words that cannot be a plain table or column name here; the full parser decides what they mean. */
    private static final Set<String> RESERVED = Set.of("VALUES", "VALUE", "WITH", "SELECT", "INTO", "INSERT", "SET",
            "PARTITION", "OVERWRITE", "TABLE");

    private final String sql;
    private int pos;
    private int count;
    private byte[] kinds = new byte[8];
    private int[] starts = new int[8];
    private int[] ends = new int[8];
    private long[] longs = new long[8];
    private int parameters;

    private LiteralInsertScanner(String sql) {
        this.sql = sql;
    }

    /** The recognised statement, or null when the text is not a plain literal INSERT. */
    public static LiteralInsert scan(String sql) {
        if (sql == null || sql.length() < 20 || !sql.regionMatches(true, firstNonSpace(sql), "INSERT", 0, 6)) {
            return null;
        }
        return new LiteralInsertScanner(sql).statement();
    }

    private static int firstNonSpace(String sql) {
        int i = 0;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    private LiteralInsert statement() {
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
        int[] rowStarts = new int[4];
        int rows = 0;
        do {
            if (rows + 1 >= rowStarts.length) {
                rowStarts = Arrays.copyOf(rowStarts, rowStarts.length * 2);
            }
            rowStarts[rows++] = count;
            if (!row()) {
                return null;
            }
        } while (accept(','));
        rowStarts[rows] = count;
        accept(';');
        skipSpace();
        if (pos != sql.length()) {
            return null;
        }
        return new LiteralInsert(sql, database, table, columns == null ? null : List.copyOf(columns),
                Arrays.copyOf(rowStarts, rows + 1), kinds, starts, ends, longs, parameters);
    }

    private boolean row() {
        if (!accept('(')) {
            return false;
        }
        do {
            if (!literal()) {
                return false;
            }
        } while (accept(','));
        return accept(')');
    }

    private void add(LiteralInsert.Kind kind, int start, int end, long value) {
        if (count == kinds.length) {
            int n = count * 2;
            kinds = Arrays.copyOf(kinds, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            longs = Arrays.copyOf(longs, n);
        }
        kinds[count] = (byte) kind.ordinal();
        starts[count] = start;
        ends[count] = end;
        longs[count] = value;
        count++;
    }

    private boolean literal() {
        skipSpace();
        if (pos >= sql.length()) {
            return false;
        }
        char c = sql.charAt(pos);
        if (c == '\'' || c == '"') {
            return quoted(c);
        }
        if (c == '?') {
            pos++;
            add(LiteralInsert.Kind.PARAMETER, pos - 1, pos, parameters++);
            return true;
        }
        if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) {
            return number();
        }
        int start = pos;
        if (!word()) {
            return false;
        }
        if (isWord(start, "NULL")) {
            add(LiteralInsert.Kind.NULL, start, pos, 0);
        } else if (isWord(start, "TRUE")) {
            add(LiteralInsert.Kind.TRUE, start, pos, 1);
        } else if (isWord(start, "FALSE")) {
            add(LiteralInsert.Kind.FALSE, start, pos, 0);
        } else {
            return false;
        }
        return true;
    }

    private boolean isWord(int start, String word) {
        return pos - start == word.length() && sql.regionMatches(true, start, word, 0, word.length());
    }

    /** A decimal number: digits with an optional sign, point and exponent; an exponent makes it approximate. */
    private boolean number() {
        int start = pos;
        boolean negative = false;
        if (sql.charAt(pos) == '-' || sql.charAt(pos) == '+') {
            negative = sql.charAt(pos) == '-';
            pos++;
        }
        int textStart = negative ? start : pos; // the full parser's literal has no leading '+'
        int digits = 0;
        // accumulated negatively, so Long.MIN_VALUE fits; overflow makes it an EXACT number
        long value = 0;
        boolean fits = true;
        while (pos < sql.length() && isDigit(sql.charAt(pos))) {
            int d = sql.charAt(pos) - '0';
            if (value < (Long.MIN_VALUE + d) / 10) {
                fits = false;
            } else {
                value = value * 10 - d;
            }
            pos++;
            digits++;
        }
        boolean integer = true;
        if (pos < sql.length() && sql.charAt(pos) == '.') {
            integer = false;
            pos++;
            while (pos < sql.length() && isDigit(sql.charAt(pos))) {
                pos++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        boolean approximate = false;
        if (pos < sql.length() && (sql.charAt(pos) == 'e' || sql.charAt(pos) == 'E')) {
            approximate = true;
            pos++;
            if (pos < sql.length() && (sql.charAt(pos) == '-' || sql.charAt(pos) == '+')) {
                pos++;
            }
            int exponentDigits = 0;
            while (pos < sql.length() && isDigit(sql.charAt(pos))) {
                pos++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        if (pos < sql.length() && isWordChar(sql.charAt(pos))) {
            return false; // e.g. 12abc or 0x1F: not a plain number
        }
        if (approximate) {
            add(LiteralInsert.Kind.APPROX, textStart, pos, 0);
        } else if (integer && fits && (negative || value != Long.MIN_VALUE)) {
            add(LiteralInsert.Kind.INTEGER, textStart, pos, negative ? value : -value);
        } else {
            add(LiteralInsert.Kind.EXACT, textStart, pos, 0);
        }
        return true;
    }

    /** ASCII digits only: the full parser's numbers are ASCII ({@link Character#isDigit} also takes other scripts'). */
    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A string in MySQL's rules: doubled quotes and backslash escapes; records its inside range. */
    private boolean quoted(char quote) {
        pos++;
        int start = pos;
        boolean escaped = false;
        while (pos < sql.length()) {
            char c = sql.charAt(pos++);
            if (c == quote) {
                if (pos < sql.length() && sql.charAt(pos) == quote) {
                    escaped = true;
                    pos++;
                    continue;
                }
                add(escaped ? LiteralInsert.Kind.ESCAPED_STRING : LiteralInsert.Kind.STRING, start, pos - 1, quote);
                return true;
            }
            if (c == '\\') {
                if (pos >= sql.length()) {
                    return false;
                }
                escaped = true;
                pos++;
            }
        }
        return false;
    }

    /**
     * Decodes the inside of a quoted string {@code sql[start, end)} (its quote is the character at {@code start-1}):
     * doubled quotes and backslash escapes, {@code \%} and {@code \_} kept with their backslash as MySQL does.
     */
    static String unescape(String sql, int start, int end) {
        char quote = sql.charAt(start - 1);
        StringBuilder out = new StringBuilder(end - start);
        int i = start;
        while (i < end) {
            char c = sql.charAt(i++);
            if (c == quote) {
                out.append(quote); // the first of a doubled quote; skip the second
                i++;
                continue;
            }
            if (c == '\\') {
                char e = sql.charAt(i++);
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
        return out.toString();
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
        int start = pos;
        if (!word()) {
            return null;
        }
        String word = sql.substring(start, pos);
        // A keyword where a name belongs (VALUES, WITH, SELECT...) is for the full parser to judge.
        if (RESERVED.contains(word.toUpperCase(Locale.ROOT))) {
            return null;
        }
        return word;
    }

    /** Skips a word (a letter or '_' then word characters); false when none starts here. */
    private boolean word() {
        skipSpace();
        if (pos >= sql.length() || !(Character.isLetter(sql.charAt(pos)) || sql.charAt(pos) == '_')) {
            return false;
        }
        while (pos < sql.length() && isWordChar(sql.charAt(pos))) {
            pos++;
        }
        return true;
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

    /** Whitespace only: a comment sends the statement to the full parser. */
    private void skipSpace() {
        while (pos < sql.length() && Character.isWhitespace(sql.charAt(pos))) {
            pos++;
        }
    }
}
