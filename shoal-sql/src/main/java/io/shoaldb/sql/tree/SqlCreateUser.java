package io.shoaldb.sql.tree;

import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE USER [IF NOT EXISTS] account [IDENTIFIED BY [PASSWORD] 'pw'] [DEFAULT ROLE 'role']}. */
public final class SqlCreateUser extends SqlAccountStatement {
    private final AccountName account;
    private final boolean ifNotExists;
    private final PasswordSpec password;
    private final String defaultRole;

    public SqlCreateUser(SqlParserPos pos, AccountName account, boolean ifNotExists, PasswordSpec password,
            String defaultRole) {
        super(pos, "CREATE USER");
        this.account = account;
        this.ifNotExists = ifNotExists;
        this.password = password;
        this.defaultRole = defaultRole;
    }

    public AccountName account() {
        return account;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** Null when the statement sets no password. */
    public PasswordSpec password() {
        return password;
    }

    /** Null when none is named. */
    public String defaultRole() {
        return defaultRole;
    }

    @Override
    public String toString() {
        return "CREATE USER " + (ifNotExists ? "IF NOT EXISTS " : "") + account
                + (password == null ? "" : " IDENTIFIED BY " + password)
                + (defaultRole == null ? "" : " DEFAULT ROLE '" + defaultRole + "'");
    }
}
