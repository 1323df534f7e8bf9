package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ALTER USER [IF EXISTS] account IDENTIFIED BY [PASSWORD] 'pw'}. */
public final class SqlAlterUser extends SqlAccountStatement {
    private final AccountName account;
    private final boolean ifExists;
    private final PasswordSpec password;

    public SqlAlterUser(SqlParserPos pos, AccountName account, boolean ifExists, PasswordSpec password) {
        super(pos, "ALTER USER");
        this.account = account;
        this.ifExists = ifExists;
        this.password = password;
    }

    public AccountName account() {
        return account;
    }

    public boolean ifExists() {
        return ifExists;
    }

    public PasswordSpec password() {
        return password;
    }

    @Override
    public String toString() {
        return "ALTER USER " + (ifExists ? "IF EXISTS " : "") + account + " IDENTIFIED BY " + password;
    }
}
