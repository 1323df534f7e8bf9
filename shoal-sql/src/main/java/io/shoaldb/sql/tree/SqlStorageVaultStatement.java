package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Base of the storage vault statements (CREATE STORAGE VAULT, SHOW STORAGE VAULTS, SET ... AS DEFAULT STORAGE
 * VAULT, UNSET DEFAULT STORAGE VAULT, and SHOW FILE CACHE for the vaults' block cache). Their unparsed form never
 * shows a secret key.
 */
public abstract sealed class SqlStorageVaultStatement extends DorisNode permits SqlCreateStorageVault,
        SqlShowStorageVaults, SqlSetDefaultStorageVault, SqlShowFileCache {
    protected SqlStorageVaultStatement(SqlParserPos pos, String name) {
        super(pos, operator(name, SqlKind.OTHER_DDL));
    }

    @Override
    public void unparse(SqlWriter w, int leftPrec, int rightPrec) {
        w.print(toString());
    }
}
