package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP USER [IF EXISTS] account}. */
public final class SqlDropUser extends SqlAccountStatement {
    private final AccountName account;
    private final boolean ifExists;

    public SqlDropUser(SqlParserPos pos, AccountName account, boolean ifExists) {
        super(pos, "DROP USER");
        this.account = account;
        this.ifExists = ifExists;
    }

    public AccountName account() {
        return account;
    }

    public boolean ifExists() {
        return ifExists;
    }

    @Override
    public String toString() {
        return "DROP USER " + (ifExists ? "IF EXISTS " : "") + account;
    }
}
