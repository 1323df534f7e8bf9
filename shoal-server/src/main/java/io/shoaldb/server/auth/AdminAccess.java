package io.shoaldb.server.auth;

import io.shoaldb.api.AccessControl;
import io.shoaldb.catalog.Catalog;

/** ADMIN_PRIV of the account a client logged in as, for the HTTP endpoints that need it. */
public final class AdminAccess implements AccessControl {
    private final Catalog catalog;
    private final AccountAuthenticator accounts;

    public AdminAccess(Catalog catalog, AccountAuthenticator accounts) {
        this.catalog = catalog;
        this.accounts = accounts;
    }

    @Override
    public boolean hasAdminPrivilege(String user, String clientHost) {
        return Privileges.of(catalog.snapshot(), accounts.identify(user, clientHost)).isAdmin();
    }
}
