package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SET name AS DEFAULT STORAGE VAULT}, or {@code UNSET DEFAULT STORAGE VAULT} when {@link #vault} is null. */
public final class SqlSetDefaultStorageVault extends SqlStorageVaultStatement {
    private final String vault;

    public SqlSetDefaultStorageVault(SqlParserPos pos, String vault) {
        super(pos, vault == null ? "UNSET DEFAULT STORAGE VAULT" : "SET DEFAULT STORAGE VAULT");
        this.vault = vault;
    }

    /** The vault to make the default; null to have none. */
    public String vault() {
        return vault;
    }

    @Override
    public String toString() {
        return vault == null ? "UNSET DEFAULT STORAGE VAULT" : "SET `" + vault + "` AS DEFAULT STORAGE VAULT";
    }
}
