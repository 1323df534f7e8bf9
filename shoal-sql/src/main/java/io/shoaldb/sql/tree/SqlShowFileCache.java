package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW FILE CACHE}: the storage vaults' block cache on each data path. */
public final class SqlShowFileCache extends SqlStorageVaultStatement {
    public SqlShowFileCache(SqlParserPos pos) {
        super(pos, "SHOW FILE CACHE");
    }

    @Override
    public String toString() {
        return "SHOW FILE CACHE";
    }
}
