package io.shoaldb.sql.parser;

import io.shoaldb.sql.parser.StatementTokens.Token;
import io.shoaldb.sql.tree.SqlCreateStorageVault;
import io.shoaldb.sql.tree.SqlSetDefaultStorageVault;
import io.shoaldb.sql.tree.SqlShowFileCache;
import io.shoaldb.sql.tree.SqlShowStorageVaults;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.SequencedMap;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;

/**
 * The storage vault statements and SHOW FILE CACHE, read by hand for the same reason as the account statements
 * (VAULT, STORAGE, UNSET and CACHE would otherwise become keywords). {@link #tryParse} returns null for every other
 * statement.
 */
final class VaultStatementParser {
    private static final Set<String> FIRST_WORDS = Set.of("CREATE", "SET", "UNSET", "SHOW");

    private final StatementTokens t;

    private VaultStatementParser(StatementTokens tokens) {
        this.t = tokens;
    }

    /** The storage vault statement the text is, or null when it is none. */
    static SqlNode tryParse(String text) {
        if (!StatementTokens.startsWithOneOf(text, FIRST_WORDS) || !mentionsVaultOrCache(text)) {
            return null;
        }
        StatementTokens tokens = StatementTokens.of(text);
        return tokens == null ? null : new VaultStatementParser(tokens).statement();
    }

    /**
     * The text to log for a statement: a CREATE STORAGE VAULT as its unparsed form, which shows no secret key; one
     * that does not parse, cut before its first string; any other statement as it is.
     */
    static String redactSecretKeys(String text) {
        if (!StatementTokens.startsWithOneOf(text, FIRST_WORDS) || !text.toLowerCase(Locale.ROOT).contains("secret_key")) {
            return text;
        }
        return StatementTokens.redacted(text, VaultStatementParser::tryParse);
    }

    private static boolean mentionsVaultOrCache(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        return upper.contains("VAULT") || upper.contains("CACHE");
    }

    private SqlNode statement() {
        Token first = t.get(0);
        Token second = t.get(1);
        if (first.is("CREATE") && second.is("STORAGE")) {
            t.seek(2);
            t.expect("VAULT");
            boolean ifNotExists = t.ifNotExists();
            String vault = t.name();
            SequencedMap<String, String> properties = new LinkedHashMap<>();
            if (t.accept("PROPERTIES")) {
                t.expectSymbol("(");
                do {
                    Token key = t.peek();
                    String name = t.string();
                    t.expectSymbol("=");
                    if (properties.putIfAbsent(name, t.string()) != null) {
                        throw t.syntaxError(key);
                    }
                } while (t.acceptSymbol(","));
                t.expectSymbol(")");
            }
            return t.end(new SqlCreateStorageVault(t.pos(first), vault, ifNotExists, properties));
        }
        if (first.is("SHOW") && second.is("STORAGE")) {
            t.seek(2);
            if (!t.accept("VAULTS")) {
                t.expect("VAULT");
            }
            return t.end(new SqlShowStorageVaults(t.pos(first)));
        }
        if (first.is("SHOW") && second.is("FILE") && t.size() > 2 && t.get(2).is("CACHE")) {
            t.seek(3);
            return t.end(new SqlShowFileCache(t.pos(first)));
        }
        if (first.is("UNSET") && second.is("DEFAULT")) {
            t.seek(2);
            t.expect("STORAGE");
            t.expect("VAULT");
            return t.end(new SqlSetDefaultStorageVault(t.pos(first), null));
        }
        if (first.is("SET") && t.size() > 2 && t.get(2).is("AS")) {
            t.seek(1);
            String vault = t.name();
            t.expect("AS");
            t.expect("DEFAULT");
            t.expect("STORAGE");
            t.expect("VAULT");
            return t.end(new SqlSetDefaultStorageVault(t.pos(first), vault));
        }
        return null;
    }
}
