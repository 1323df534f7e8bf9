package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW STORAGE VAULTS} (also spelled {@code SHOW STORAGE VAULT}). */
public final class SqlShowStorageVaults extends SqlStorageVaultStatement {
    public SqlShowStorageVaults(SqlParserPos pos) {
        super(pos, "SHOW STORAGE VAULTS");
    }

    @Override
    public String toString() {
        return "SHOW STORAGE VAULTS";
    }
}
