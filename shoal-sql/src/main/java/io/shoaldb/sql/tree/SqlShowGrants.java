package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SHOW GRANTS [FOR account]} and {@code SHOW ALL GRANTS}. */
public final class SqlShowGrants extends SqlAccountStatement {
    private final boolean all;
    private final AccountName account;

    public SqlShowGrants(SqlParserPos pos, boolean all, AccountName account) {
        super(pos, "SHOW GRANTS");
        this.all = all;
        this.account = account;
    }

    public boolean all() {
        return all;
    }

    /** Null for the current account (or for ALL). */
    public AccountName account() {
        return account;
    }

    @Override
    public String toString() {
        return all ? "SHOW ALL GRANTS" : "SHOW GRANTS" + (account == null ? "" : " FOR " + account);
    }
}
