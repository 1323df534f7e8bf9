package io.shoaldb.server.statement;

import io.shoaldb.sql.parser.impl.DorisSqlParserImpl;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;

/**
 * A SELECT whose select list only reads system variables ({@code @@name}, {@code @@session.name},
 * {@code @@local.name}, {@code @@global.name}, each with an optional alias) and has nothing else, recognised from
 * its text without the parser. Connector/J sends {@code SELECT @@session.transaction_read_only} before every
 * batch it executes (its {@code isReadOnly()} asks the server unless {@code useLocalSessionState} is set), so
 * that answer must cost little. The recogniser takes only a narrow form - single spaces, tabs or line breaks
 * between tokens, plain or back-quoted aliases that are not reserved words, no comments, no trailing semicolon -
 * and returns null for anything else, which then goes the normal way and gets the same answer or error.
 */
record VariableSelect(List<Item> items) {
    /** Reserved words cannot be bare aliases; the parser's own list decides. */
    private static final SqlAbstractParserImpl.Metadata PARSER_WORDS =
            DorisSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    /**
     * One select-list item.
     *
     * @param label the column label: the alias, else the reference exactly as written
     * @param name the variable's name as written, without the scope
     * @param global whether {@code @@global.} was written (else the session's value, as for {@code @@name})
     */
    record Item(String label, String name, boolean global) {
    }

    /** The statement's items, or null when the text is not surely such a SELECT. */
    static VariableSelect recognise(String sql) {
        Scanner scanner = new Scanner(sql);
        scanner.skipSpace();
        if (!scanner.word("select") || !scanner.skipSpace()) {
            return null;
        }
        List<Item> items = new ArrayList<>();
        do {
            scanner.skipSpace();
            Item item = scanner.item();
            if (item == null) {
                return null;
            }
            items.add(item);
            scanner.skipSpace();
        } while (scanner.next(','));
        return scanner.atEnd() ? new VariableSelect(List.copyOf(items)) : null;
    }

    /** A cursor over the text; each method consumes what it matched and nothing when it did not match. */
    private static final class Scanner {
        private final String sql;
        private int at;

        Scanner(String sql) {
            this.sql = sql;
        }

        boolean atEnd() {
            return at == sql.length();
        }

        boolean skipSpace() {
            int start = at;
            while (at < sql.length() && isSpace(sql.charAt(at))) {
                at++;
            }
            return at > start;
        }

        boolean next(char c) {
            if (at < sql.length() && sql.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        /** A keyword, case-insensitively, not followed by a name character. */
        boolean word(String keyword) {
            int end = at + keyword.length();
            if (sql.regionMatches(true, at, keyword, 0, keyword.length())
                    && (end == sql.length() || !isNameChar(sql.charAt(end)))) {
                at = end;
                return true;
            }
            return false;
        }

        /** {@code @@[scope.]name [[AS] alias]}. */
        Item item() {
            int start = at;
            if (!sql.startsWith("@@", at)) {
                return null;
            }
            at += 2;
            String first = name();
            if (first == null || Character.isDigit(first.charAt(0))) {
                return null;
            }
            String name = first;
            boolean global = false;
            if (next('.')) {
                String scope = first.toLowerCase(Locale.ROOT);
                if (!scope.equals("session") && !scope.equals("local") && !scope.equals("global")) {
                    return null; // a dotted name: the parser's business
                }
                global = scope.equals("global");
                name = name();
                if (name == null || Character.isDigit(name.charAt(0))) {
                    return null;
                }
            }
            String written = sql.substring(start, at);
            int beforeAlias = at;
            if (!skipSpace() || atEnd() || sql.charAt(at) == ',') {
                at = beforeAlias;
                return new Item(written, name, global);
            }
            if (word("as") && !skipSpace()) {
                return null;
            }
            String alias = alias();
            return alias == null ? null : new Item(alias, name, global);
        }

        /** A back-quoted name without back quotes inside, or a plain name that is not a reserved word. */
        private String alias() {
            if (next('`')) {
                int close = sql.indexOf('`', at);
                if (close <= at || sql.startsWith("`", close + 1)) {
                    return null;
                }
                String alias = sql.substring(at, close);
                at = close + 1;
                return alias;
            }
            int start = at;
            String alias = name();
            if (alias == null || Character.isDigit(alias.charAt(0))
                    || PARSER_WORDS.isReservedWord(alias.toUpperCase(Locale.ROOT))) {
                at = start;
                return null;
            }
            return alias;
        }

        /** Letters, digits and underscores (ASCII only; anything else is left to the parser). */
        private String name() {
            int start = at;
            while (at < sql.length() && isNameChar(sql.charAt(at))) {
                at++;
            }
            return at > start ? sql.substring(start, at) : null;
        }

        private static boolean isNameChar(char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        }

        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == '\r';
        }
    }
}
