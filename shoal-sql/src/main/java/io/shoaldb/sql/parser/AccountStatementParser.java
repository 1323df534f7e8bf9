package io.shoaldb.sql.parser;

import io.shoaldb.sql.parser.StatementTokens.Token;
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
import java.util.Set;
import org.apache.calcite.sql.SqlNode;

/**
 * The user, role and privilege statements (see {@link io.shoaldb.sql.tree.SqlAccountStatement}). They are a
 * small closed grammar read here, by hand, over the normalised text, rather than in the JavaCC grammar: there they
 * would make USER, ROLE, ROLES, GRANTS, PASSWORD and IDENTIFIED keywords, words that are common column names.
 * {@link #tryParse} returns null for every other statement, which then goes to the full parser.
 */
final class AccountStatementParser {
    private static final Set<String> FIRST_WORDS = Set.of("CREATE", "ALTER", "DROP", "SET", "GRANT", "REVOKE", "SHOW");

    private final StatementTokens t;

    private AccountStatementParser(StatementTokens tokens) {
        this.t = tokens;
    }

    /** The account statement the text is, or null when it is none. */
    static SqlNode tryParse(String text) {
        if (!StatementTokens.startsWithOneOf(text, FIRST_WORDS)) {
            return null;
        }
        StatementTokens tokens = StatementTokens.of(text);
        return tokens == null ? null : new AccountStatementParser(tokens).statement();
    }

    /**
     * The text to log for a statement (audit log, SHOW PROCESSLIST): an account statement that carries a password
     * as its unparsed form, which shows none; one that does not parse, cut before its first string; any other
     * statement as it is.
     */
    static String redactPasswords(String text) {
        if (!StatementTokens.startsWithOneOf(text, FIRST_WORDS) || !mentionsPassword(text)) {
            return text;
        }
        return StatementTokens.redacted(text, AccountStatementParser::tryParse);
    }

    private static boolean mentionsPassword(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.regionMatches(true, i, "PASSWORD", 0, 8) || text.regionMatches(true, i, "IDENTIFIED", 0, 10)) {
                return true;
            }
        }
        return false;
    }


    private SqlNode statement() {
        Token first = t.get(0);
        Token second = t.get(1);
        if (first.is("CREATE") && second.is("USER")) {
            t.seek(2);
            boolean ifNotExists = t.ifNotExists();
            AccountName account = account();
            PasswordSpec password = null;
            String defaultRole = null;
            if (t.accept("IDENTIFIED")) {
                password = identifiedBy();
            }
            if (t.accept("DEFAULT")) {
                t.expect("ROLE");
                defaultRole = t.name();
            }
            return t.end(new SqlCreateUser(t.pos(first), account, ifNotExists, password, defaultRole));
        }
        if (first.is("ALTER") && second.is("USER")) {
            t.seek(2);
            boolean ifExists = t.ifExists();
            AccountName account = account();
            t.expect("IDENTIFIED");
            return t.end(new SqlAlterUser(t.pos(first), account, ifExists, identifiedBy()));
        }
        if (first.is("DROP") && (second.is("USER") || second.is("ROLE"))) {
            t.seek(2);
            boolean ifExists = t.ifExists();
            if (second.is("USER")) {
                return t.end(new SqlDropUser(t.pos(first), account(), ifExists));
            }
            return t.end(new SqlDropRole(t.pos(first), t.name(), ifExists));
        }
        if (first.is("CREATE") && second.is("ROLE")) {
            t.seek(2);
            boolean ifNotExists = t.ifNotExists();
            return t.end(new SqlCreateRole(t.pos(first), t.name(), ifNotExists));
        }
        if (first.is("SET") && second.is("PASSWORD")) {
            t.seek(2);
            AccountName account = t.accept("FOR") ? account() : null;
            t.expectSymbol("=");
            PasswordSpec password;
            if (t.accept("PASSWORD")) {
                t.expectSymbol("(");
                password = new PasswordSpec(t.string(), false);
                t.expectSymbol(")");
            } else {
                password = new PasswordSpec(t.string(), true);
            }
            return t.end(new SqlSetPassword(t.pos(first), account, password));
        }
        if (first.is("GRANT") || first.is("REVOKE")) {
            t.seek(1);
            return t.end(grant(first, first.is("REVOKE")));
        }
        if (first.is("SHOW")) {
            if (second.is("ROLES")) {
                t.seek(2);
                return t.end(new SqlShowRoles(t.pos(first)));
            }
            if (second.is("ALL") && t.size() > 2 && t.get(2).is("GRANTS")) {
                t.seek(3);
                return t.end(new SqlShowGrants(t.pos(first), true, null));
            }
            if (second.is("GRANTS")) {
                t.seek(2);
                AccountName account = t.accept("FOR") ? account() : null;
                return t.end(new SqlShowGrants(t.pos(first), false, account));
            }
        }
        return null;
    }

    private SqlGrant grant(Token first, boolean revoke) {
        if (t.peek() != null && t.peek().string()) {
            List<String> roles = new ArrayList<>();
            do {
                roles.add(t.string());
            } while (t.acceptSymbol(","));
            t.expect(revoke ? "FROM" : "TO");
            return new SqlGrant(t.pos(first), revoke, List.of(), null, null, roles, account(), null);
        }
        List<String> privileges = new ArrayList<>();
        do {
            Token word = t.word();
            if (word.is("ALL")) {
                t.accept("PRIVILEGES");
                privileges.add("ALL");
            } else {
                privileges.add(word.text());
            }
        } while (t.acceptSymbol(","));
        t.expect("ON");
        List<String> parts = new ArrayList<>();
        parts.add(objectName());
        while (t.acceptSymbol(".")) {
            parts.add(objectName());
        }
        if (parts.size() == 3 && (parts.get(0).equalsIgnoreCase("internal") || parts.get(0).equals("*"))) {
            parts.remove(0); // Doris's catalog prefix: only the internal catalog exists
        }
        if (parts.size() != 2 || (parts.get(0).equals("*") && !parts.get(1).equals("*"))) {
            throw t.syntaxError(t.previous());
        }
        t.expect(revoke ? "FROM" : "TO");
        if (t.accept("ROLE")) {
            return new SqlGrant(t.pos(first), revoke, privileges, parts.get(0), parts.get(1), List.of(), null, t.name());
        }
        return new SqlGrant(t.pos(first), revoke, privileges, parts.get(0), parts.get(1), List.of(), account(), null);
    }

    private String objectName() {
        if (t.acceptSymbol("*")) {
            return "*";
        }
        return t.name();
    }

    private PasswordSpec identifiedBy() {
        t.expect("BY");
        boolean hashed = t.accept("PASSWORD");
        return new PasswordSpec(t.string(), hashed);
    }

    /** {@code 'user'}, {@code user}, {@code 'user'@'host'}, {@code user@'host'}, backticks too. */
    private AccountName account() {
        String user = t.name();
        String host = "%";
        if (t.acceptSymbol("@")) {
            host = t.name();
        }
        return new AccountName(user, host);
    }
}
