package io.shoaldb.sql.parser;

import java.util.Arrays;

/**
 * Pre-lexing pass: rewrites MySQL lexical forms into what Calcite's lexer (under Lex.MYSQL)
 * accepts, so the grammar never sees them:
 * <ul>
 *   <li>{@code '...'} and {@code "..."} strings (Doris: double quotes are strings) become standard
 *       {@code '...'} literals; MySQL backslash escapes are decoded ({@code \n \t \r \b \0 \Z \\ \' \"},
 *       any other {@code \x} is {@code x}) except {@code \%} and {@code \_}, which stay as written
 *       because they only mean something to LIKE; doubled quotes keep working. NO_BACKSLASH_ESCAPES
 *       is not supported.</li>
 *   <li>Comments ({@code /* *}{@code /}, {@code #...}, {@code -- ...}) are blanked to spaces (newlines
 *       kept), so optimizer hints are dropped too; {@code --} not followed by white space is two
 *       minus signs, as in MySQL.</li>
 *   <li>Trailing semicolons are blanked.</li>
 * </ul>
 * Backtick identifiers are copied untouched. Every output character records the offset of the
 * input character it came from, so errors found in the normalised text point into the original.
 */
final class MysqlLexicalNormalizer {
    private final String in;
    private final StringBuilder out;
    private int[] origin;

    private MysqlLexicalNormalizer(String in) {
        this.in = in;
        this.out = new StringBuilder(in.length() + 8);
        this.origin = new int[in.length() + 8];
    }

    /** The normalised text plus the offset map; errors for unterminated tokens are thrown as positions. */
    static NormalizedSql normalize(String sql) {
        MysqlLexicalNormalizer n = new MysqlLexicalNormalizer(sql);
        n.run();
        return new NormalizedSql(sql, n.out.toString(), Arrays.copyOf(n.origin, n.out.length() + 1));
    }

    private void run() {
        int i = 0;
        int n = in.length();
        while (i < n) {
            char c = in.charAt(i);
            char next = i + 1 < n ? in.charAt(i + 1) : '\0';
            if (c == '\'' || c == '"') {
                i = string(i, c);
            } else if (c == '`') {
                i = backtick(i);
            } else if (c == '#') {
                i = blankLine(i);
            } else if (c == '-' && next == '-' && i + 1 < n) {
                if (i + 2 >= n || isSpaceOrControl(in.charAt(i + 2))) {
                    i = blankLine(i);
                } else {
                    // MySQL reads "--1" as minus minus one; Calcite would read a comment.
                    emit('-', i);
                    emit(' ', i + 1);
                    i++;
                }
            } else if (c == '/' && next == '*') {
                i = blankBlockComment(i);
            } else {
                emit(c, i);
                i++;
            }
        }
        origin = ensure(origin, out.length() + 1);
        origin[out.length()] = n;
        blankTrailingSemicolons();
    }

    private int string(int start, char quote) {
        int n = in.length();
        emit('\'', start);
        int i = start + 1;
        while (true) {
            if (i >= n) {
                throw new UnterminatedToken(start);
            }
            char c = in.charAt(i);
            if (c == '\\') {
                if (i + 1 >= n) {
                    throw new UnterminatedToken(start);
                }
                char e = in.charAt(i + 1);
                if (e == '%' || e == '_') {
                    emit('\\', i);
                    emit(e, i + 1);
                } else {
                    emitStringChar(unescape(e), i);
                }
                i += 2;
            } else if (c == quote) {
                if (i + 1 < n && in.charAt(i + 1) == quote) {
                    emitStringChar(quote, i);
                    i += 2;
                } else {
                    emit('\'', i);
                    return i + 1;
                }
            } else {
                emitStringChar(c, i);
                i++;
            }
        }
    }

    private static char unescape(char e) {
        return switch (e) {
            case '0' -> '\0';
            case 'b' -> '\b';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'Z' -> '\u001A';
            default -> e;
        };
    }

    private void emitStringChar(char c, int at) {
        emit(c, at);
        if (c == '\'') {
            emit('\'', at);
        }
    }

    private int backtick(int start) {
        int n = in.length();
        emit('`', start);
        int i = start + 1;
        while (true) {
            if (i >= n) {
                throw new UnterminatedToken(start);
            }
            char c = in.charAt(i);
            emit(c, i);
            i++;
            if (c == '`') {
                if (i < n && in.charAt(i) == '`') {
                    emit('`', i);
                    i++;
                } else {
                    return i;
                }
            }
        }
    }

    private int blankLine(int start) {
        int i = start;
        int n = in.length();
        while (i < n && in.charAt(i) != '\n' && in.charAt(i) != '\r') {
            emit(' ', i);
            i++;
        }
        return i;
    }

    private int blankBlockComment(int start) {
        int end = in.indexOf("*/", start + 2);
        if (end < 0) {
            throw new UnterminatedToken(start);
        }
        for (int i = start; i < end + 2; i++) {
            char c = in.charAt(i);
            emit(c == '\n' || c == '\r' ? c : ' ', i);
        }
        return end + 2;
    }

    private void blankTrailingSemicolons() {
        for (int i = out.length() - 1; i >= 0; i--) {
            char c = out.charAt(i);
            if (c == ';') {
                out.setCharAt(i, ' ');
            } else if (!Character.isWhitespace(c)) {
                return;
            }
        }
    }

    private static boolean isSpaceOrControl(char c) {
        return c <= ' ';
    }

    private void emit(char c, int at) {
        origin = ensure(origin, out.length() + 1);
        origin[out.length()] = at;
        out.append(c);
    }

    private static int[] ensure(int[] a, int size) {
        return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, a.length * 2));
    }

    /** An unterminated string, quoted identifier or comment starting at {@code offset} of the input. */
    static final class UnterminatedToken extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int offset;

        UnterminatedToken(int offset) {
            super(null, null, false, false);
            this.offset = offset;
        }
    }
}
