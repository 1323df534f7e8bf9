package io.shoaldb.sql.parser;

import io.shoaldb.common.error.ShoalException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A cursor over the tokens of a statement from a small closed grammar read by hand (account statements, storage
 * vault statements) rather than by the JavaCC grammar, where its words would become keywords that are common
 * column names. Errors are the full parser's syntax error at the offending token.
 */
final class StatementTokens {

    /** {@code quoted}: a string or a backtick name; {@code string}: a {@code '...'} string. */
    record Token(String text, boolean quoted, boolean string, int offset) {
        boolean is(String word) {
            return !quoted && text.equalsIgnoreCase(word);
        }
    }

    private final NormalizedSql sql;
    private final List<Token> tokens;
    private int next;

    private StatementTokens(NormalizedSql sql, List<Token> tokens) {
        this.sql = sql;
        this.tokens = tokens;
    }

    /** The tokens of {@code text}, or null when it is not one of these statements' shape (the full parser reports it). */
    static StatementTokens of(String text) {
        NormalizedSql normalized;
        try {
            normalized = MysqlLexicalNormalizer.normalize(text);
        } catch (MysqlLexicalNormalizer.UnterminatedToken e) {
            return null;
        }
        List<Token> tokens = tokenize(normalized.text());
        return tokens == null || tokens.size() < 2 ? null : new StatementTokens(normalized, tokens);
    }

    /** A cheap look at the first word, so ordinary statements do not pay for a lexing. */
    static boolean startsWithOneOf(String text, Set<String> firstWords) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i < text.length() && (text.charAt(i) == '/' || text.charAt(i) == '#' || text.charAt(i) == '-')) {
            return true; // a leading comment: look properly
        }
        int end = i;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        return firstWords.contains(text.substring(i, end).toUpperCase(Locale.ROOT));
    }

    /**
     * The text to log for a statement that may carry a secret: the unparsed form of what {@code parser} reads (which
     * shows no secret); anything else (malformed, or a shape it does not know, such as a trailing ';'), cut before
     * its first string.
     */
    static String redacted(String text, Function<String, SqlNode> parser) {
        try {
            SqlNode statement = parser.apply(text);
            if (statement != null) {
                return statement.toString();
            }
        } catch (ShoalException malformed) {
            // below
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\'' || text.charAt(i) == '"') {
                return text.substring(0, i) + "<redacted>";
            }
        }
        return text;
    }

    Token get(int index) {
        return index < tokens.size() ? tokens.get(index) : null;
    }

    int size() {
        return tokens.size();
    }

    /** Moves the cursor to token {@code index}. */
    void seek(int index) {
        next = index;
    }

    /** The token the cursor is at, or null at the end. */
    Token peek() {
        return get(next);
    }

    boolean accept(String word) {
        Token t = peek();
        if (t != null && t.is(word)) {
            next++;
            return true;
        }
        return false;
    }

    void expect(String word) {
        if (!accept(word)) {
            throw syntaxError(peek());
        }
    }

    boolean acceptSymbol(String symbol) {
        Token t = peek();
        if (t != null && !t.quoted() && t.text().equals(symbol)) {
            next++;
            return true;
        }
        return false;
    }

    void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw syntaxError(peek());
        }
    }

    boolean ifNotExists() {
        if (accept("IF")) {
            expect("NOT");
            expect("EXISTS");
            return true;
        }
        return false;
    }

    boolean ifExists() {
        if (accept("IF")) {
            expect("EXISTS");
            return true;
        }
        return false;
    }

    /** A quoted string, a backtick name or a plain word. */
    String name() {
        Token t = peek();
        if (t == null || (!t.quoted() && !isWord(t))) {
            throw syntaxError(t);
        }
        next++;
        return t.text();
    }

    String string() {
        Token t = peek();
        if (t == null || !t.string()) {
            throw syntaxError(t);
        }
        next++;
        return t.text();
    }

    Token word() {
        Token t = peek();
        if (t == null || !isWord(t)) {
            throw syntaxError(t);
        }
        next++;
        return t;
    }

    /** The last token read (for an error pointing at it). */
    Token previous() {
        return tokens.get(Math.max(next - 1, 0));
    }

    private static boolean isWord(Token t) {
        return !t.quoted() && !t.text().isEmpty() && (Character.isLetterOrDigit(t.text().charAt(0))
                || t.text().charAt(0) == '_' || t.text().charAt(0) == '$');
    }

    /** {@code statement}, once every token was read; a syntax error at the first one left otherwise. */
    <T extends SqlNode> T end(T statement) {
        if (next != tokens.size()) {
            throw syntaxError(peek());
        }
        return statement;
    }

    ShoalException syntaxError(Token at) {
        int offset = at == null ? sql.originalEnd() : sql.toOriginal(at.offset());
        return DorisSqlParser.syntaxError(sql.original(), offset, null);
    }

    SqlParserPos pos(Token t) {
        int[] lc = TextPositions.lineColumn(sql.text(), t.offset());
        return new SqlParserPos(lc[0], lc[1]);
    }

    /**
     * Words, {@code '...'} strings (the normaliser made every string one, with {@code ''} for a quote), backtick
     * names (quoted, so never taken for a keyword) and one-character symbols; null for a character none of these
     * statements has.
     */
    private static List<Token> tokenize(String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\'' || c == '`') {
                StringBuilder value = new StringBuilder();
                int start = i++;
                while (true) {
                    if (i >= n) {
                        return null;
                    }
                    char d = text.charAt(i++);
                    if (d == c) {
                        if (i < n && text.charAt(i) == c) {
                            value.append(c);
                            i++;
                            continue;
                        }
                        break;
                    }
                    value.append(d);
                }
                tokens.add(new Token(value.toString(), true, c == '\'', start));
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_'
                        || text.charAt(i) == '$')) {
                    i++;
                }
                tokens.add(new Token(text.substring(start, i), false, false, start));
            } else if ("@.*,=()".indexOf(c) >= 0) {
                tokens.add(new Token(String.valueOf(c), false, false, i++));
            } else {
                return null;
            }
        }
        return tokens;
    }
}
