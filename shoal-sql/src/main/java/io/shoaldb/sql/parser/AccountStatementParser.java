package io.shoaldb.sql.parser;

import io.shoaldb.common.error.ShoalException;
import io.shoaldb.sql.tree.AccountName;
import io.shoaldb.sql.tree.PasswordSpec;
import io.shoaldb.sql.tree.SqlAlterUser;
import io.shoaldb.sql.tree.SqlCreateRole;
import io.shoaldb.sql.tree.SqlCreateUser;
import io.shoaldb.sql.tree.SqlDropRole;
import io.shoaldb.sql.tree.SqlDropUser;
import io.shoaldb.sql.tree.SqlGrant;
import io.shoaldb.sql.tree.SqlSetPassword;
import io.shoaldb.sql.tree.SqlShowGrants;
import io.shoaldb.sql.tree.SqlShowRoles;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The user, role and privilege statements (see {@link io.shoaldb.sql.tree.SqlAccountStatement}). They are a
 * small closed grammar read here, by hand, over the normalised text, rather than in the JavaCC grammar: there they
 * would make USER, ROLE, ROLES, GRANTS, PASSWORD and IDENTIFIED keywords, words that are common column names.
 * {@link #tryParse} returns null for every other statement, which then goes to the full parser.
 */
final class AccountStatementParser {
    private static final Set<String> FIRST_WORDS = Set.of("CREATE", "ALTER", "DROP", "SET", "GRANT", "REVOKE", "SHOW");

    /** {@code quoted}: a string or a backtick name; {@code string}: a {@code '...'} string. */
    private record Token(String text, boolean quoted, boolean string, int offset) {
        boolean is(String word) {
            return !quoted && text.equalsIgnoreCase(word);
        }
    }

    private final NormalizedSql sql;
    private final List<Token> tokens;
    private int next;

    private AccountStatementParser(NormalizedSql sql, List<Token> tokens) {
        this.sql = sql;
        this.tokens = tokens;
    }

    /** The account statement the text is, or null when it is none. */
    static SqlNode tryParse(String text) {
        if (!mayBeAccountStatement(text)) {
            return null;
        }
        NormalizedSql normalized;
        try {
            normalized = MysqlLexicalNormalizer.normalize(text);
        } catch (MysqlLexicalNormalizer.UnterminatedToken e) {
            return null; // the full parser reports it
        }
        List<Token> tokens = tokenize(normalized.text());
        if (tokens == null || tokens.size() < 2) {
            return null;
        }
        return new AccountStatementParser(normalized, tokens).statement();
    }

    /**
     * The text to log for a statement (audit log, SHOW PROCESSLIST): an account statement that carries a password
     * as its unparsed form, which shows none; one that does not parse, cut before its first string; any other
     * statement as it is.
     */
    static String redactPasswords(String text) {
        if (!mayBeAccountStatement(text) || !mentionsPassword(text)) {
            return text;
        }
        try {
            SqlNode statement = tryParse(text);
            if (statement != null) {
                return statement.toString();
            }
        } catch (ShoalException malformed) {
            // below
        }
        int quote = firstQuote(text);
        return quote < 0 ? text : text.substring(0, quote) + "<redacted>";
    }

    private static boolean mentionsPassword(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.regionMatches(true, i, "PASSWORD", 0, 8) || text.regionMatches(true, i, "IDENTIFIED", 0, 10)) {
                return true;
            }
        }
        return false;
    }

    private static int firstQuote(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\'' || text.charAt(i) == '"') {
                return i;
            }
        }
        return -1;
    }

    /** A cheap look at the first word, so ordinary statements do not pay for a second lexing. */
    private static boolean mayBeAccountStatement(String text) {
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
        return FIRST_WORDS.contains(text.substring(i, end).toUpperCase(Locale.ROOT));
    }

    private SqlNode statement() {
        Token first = tokens.get(0);
        Token second = tokens.get(1);
        if (first.is("CREATE") && second.is("USER")) {
            next = 2;
            boolean ifNotExists = ifNotExists();
            AccountName account = account();
            PasswordSpec password = null;
            String defaultRole = null;
            if (accept("IDENTIFIED")) {
                password = identifiedBy();
            }
            if (accept("DEFAULT")) {
                expect("ROLE");
                defaultRole = name();
            }
            return end(new SqlCreateUser(pos(first), account, ifNotExists, password, defaultRole));
        }
        if (first.is("ALTER") && second.is("USER")) {
            next = 2;
            boolean ifExists = ifExists();
            AccountName account = account();
            expect("IDENTIFIED");
            return end(new SqlAlterUser(pos(first), account, ifExists, identifiedBy()));
        }
        if (first.is("DROP") && (second.is("USER") || second.is("ROLE"))) {
            next = 2;
            boolean ifExists = ifExists();
            if (second.is("USER")) {
                return end(new SqlDropUser(pos(first), account(), ifExists));
            }
            return end(new SqlDropRole(pos(first), name(), ifExists));
        }
        if (first.is("CREATE") && second.is("ROLE")) {
            next = 2;
            boolean ifNotExists = ifNotExists();
            return end(new SqlCreateRole(pos(first), name(), ifNotExists));
        }
        if (first.is("SET") && second.is("PASSWORD")) {
            next = 2;
            AccountName account = accept("FOR") ? account() : null;
            expectSymbol("=");
            PasswordSpec password;
            if (peek() != null && peek().is("PASSWORD")) {
                next++;
                expectSymbol("(");
                password = new PasswordSpec(string(), false);
                expectSymbol(")");
            } else {
                password = new PasswordSpec(string(), true);
            }
            return end(new SqlSetPassword(pos(first), account, password));
        }
        if (first.is("GRANT") || first.is("REVOKE")) {
            next = 1;
            return end(grant(first, first.is("REVOKE")));
        }
        if (first.is("SHOW")) {
            if (second.is("ROLES")) {
                next = 2;
                return end(new SqlShowRoles(pos(first)));
            }
            if (second.is("ALL") && tokens.size() > 2 && tokens.get(2).is("GRANTS")) {
                next = 3;
                return end(new SqlShowGrants(pos(first), true, null));
            }
            if (second.is("GRANTS")) {
                next = 2;
                AccountName account = accept("FOR") ? account() : null;
                return end(new SqlShowGrants(pos(first), false, account));
            }
        }
        return null;
    }

    private SqlGrant grant(Token first, boolean revoke) {
        if (peek() != null && peek().string()) {
            List<String> roles = new ArrayList<>();
            do {
                roles.add(string());
            } while (acceptSymbol(","));
            expect(revoke ? "FROM" : "TO");
            return new SqlGrant(pos(first), revoke, List.of(), null, null, roles, account(), null);
        }
        List<String> privileges = new ArrayList<>();
        do {
            Token word = word();
            if (word.is("ALL")) {
                accept("PRIVILEGES");
                privileges.add("ALL");
            } else {
                privileges.add(word.text());
            }
        } while (acceptSymbol(","));
        expect("ON");
        List<String> parts = new ArrayList<>();
        parts.add(objectName());
        while (acceptSymbol(".")) {
            parts.add(objectName());
        }
        if (parts.size() == 3 && (parts.get(0).equalsIgnoreCase("internal") || parts.get(0).equals("*"))) {
            parts.remove(0); // Doris's catalog prefix: only the internal catalog exists
        }
        if (parts.size() != 2 || (parts.get(0).equals("*") && !parts.get(1).equals("*"))) {
            throw syntaxError(tokens.get(Math.max(next - 1, 0)));
        }
        expect(revoke ? "FROM" : "TO");
        if (accept("ROLE")) {
            return new SqlGrant(pos(first), revoke, privileges, parts.get(0), parts.get(1), List.of(), null, name());
        }
        return new SqlGrant(pos(first), revoke, privileges, parts.get(0), parts.get(1), List.of(), account(), null);
    }

    private String objectName() {
        if (acceptSymbol("*")) {
            return "*";
        }
        return name();
    }

    private PasswordSpec identifiedBy() {
        expect("BY");
        boolean hashed = accept("PASSWORD");
        return new PasswordSpec(string(), hashed);
    }

    private boolean ifNotExists() {
        if (peek() != null && peek().is("IF")) {
            next++;
            expect("NOT");
            expect("EXISTS");
            return true;
        }
        return false;
    }

    private boolean ifExists() {
        if (peek() != null && peek().is("IF")) {
            next++;
            expect("EXISTS");
            return true;
        }
        return false;
    }

    /** {@code 'user'}, {@code user}, {@code 'user'@'host'}, {@code user@'host'}, backticks too. */
    private AccountName account() {
        String user = name();
        String host = "%";
        if (acceptSymbol("@")) {
            host = name();
        }
        return new AccountName(user, host);
    }

    /** A quoted string, a backtick name or a plain word. */
    private String name() {
        Token t = peek();
        if (t == null || (!t.quoted() && !isWord(t))) {
            throw syntaxError(t);
        }
        next++;
        return t.text();
    }

    private String string() {
        Token t = peek();
        if (t == null || !t.string()) {
            throw syntaxError(t);
        }
        next++;
        return t.text();
    }

    private Token word() {
        Token t = peek();
        if (t == null || !isWord(t)) {
            throw syntaxError(t);
        }
        next++;
        return t;
    }

    private static boolean isWord(Token t) {
        return !t.quoted() && !t.text().isEmpty() && (Character.isLetterOrDigit(t.text().charAt(0))
                || t.text().charAt(0) == '_' || t.text().charAt(0) == '$');
    }

    private Token peek() {
        return next < tokens.size() ? tokens.get(next) : null;
    }

    private boolean accept(String word) {
        Token t = peek();
        if (t != null && t.is(word)) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(String word) {
        if (!accept(word)) {
            throw syntaxError(peek());
        }
    }

    private boolean acceptSymbol(String symbol) {
        Token t = peek();
        if (t != null && isSymbol(t, symbol)) {
            next++;
            return true;
        }
        return false;
    }

    private static boolean isSymbol(Token t, String symbol) {
        return !t.quoted() && t.text().equals(symbol);
    }

    private void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw syntaxError(peek());
        }
    }

    private SqlNode end(SqlNode statement) {
        if (next != tokens.size()) {
            throw syntaxError(peek());
        }
        return statement;
    }

    private ShoalException syntaxError(Token at) {
        int offset = at == null ? sql.originalEnd() : sql.toOriginal(at.offset());
        return DorisSqlParser.syntaxError(sql.original(), offset, null);
    }

    private SqlParserPos pos(Token t) {
        int[] lc = TextPositions.lineColumn(sql.text(), t.offset());
        return new SqlParserPos(lc[0], lc[1]);
    }

    /**
     * Words, {@code '...'} strings (the normaliser made every string one, with {@code ''} for a quote), backtick
     * names (quoted, so never taken for a keyword) and one-character symbols; null for a character no account
     * statement has.
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
