package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SET PASSWORD [FOR account] = PASSWORD('pw') | '*hash'}. */
public final class SqlSetPassword extends SqlAccountStatement {
    private final AccountName account;
    private final PasswordSpec password;

    public SqlSetPassword(SqlParserPos pos, AccountName account, PasswordSpec password) {
        super(pos, "SET PASSWORD");
        this.account = account;
        this.password = password;
    }

    /** Null for the current account. */
    public AccountName account() {
        return account;
    }

    public PasswordSpec password() {
        return password;
    }

    @Override
    public String toString() {
        return "SET PASSWORD" + (account == null ? "" : " FOR " + account) + " = " + password;
    }
}
