package io.shoaldb.sql.tree;

import java.util.Map;
import java.util.SequencedMap;
import java.util.stream.Collectors;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE STORAGE VAULT [IF NOT EXISTS] name PROPERTIES ("key" = "value", ...)}. */
public final class SqlCreateStorageVault extends SqlStorageVaultStatement {
    /** The property whose value a statement's printed form never shows. */
    public static final String SECRET_PROPERTY = "s3.secret_key";

    private final String vault;
    private final boolean ifNotExists;
    private final SequencedMap<String, String> properties;

    public SqlCreateStorageVault(SqlParserPos pos, String vault, boolean ifNotExists,
                                 SequencedMap<String, String> properties) {
        super(pos, "CREATE STORAGE VAULT");
        this.vault = vault;
        this.ifNotExists = ifNotExists;
        this.properties = properties;
    }

    public String vault() {
        return vault;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** The properties as written, in their order; keys as written (case kept). */
    public Map<String, String> properties() {
        return properties;
    }

    @Override
    public String toString() {
        return "CREATE STORAGE VAULT " + (ifNotExists ? "IF NOT EXISTS " : "") + "`" + vault + "` PROPERTIES ("
                + properties.entrySet().stream()
                        .map(e -> "'" + e.getKey() + "' = '"
                                + (e.getKey().equalsIgnoreCase(SECRET_PROPERTY) ? "******" : e.getValue()) + "'")
                        .collect(Collectors.joining(", "))
                + ")";
    }
}
