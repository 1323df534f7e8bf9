package io.shoaldb.server.auth;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.auth.GrantTarget;
import io.shoaldb.catalog.auth.Grants;
import io.shoaldb.catalog.auth.NativePassword;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import java.util.List;
import java.util.Set;

/**
 * The accounts and roles Doris has from its first start: {@code root@'%'} with the role {@code operator} and
 * {@code admin@'%'} with the role {@code admin}, both roles holding ADMIN_PRIV on {@code *.*} (Doris's operator
 * also holds NODE_PRIV, which a single node has no use for). They cannot be dropped, and the roles cannot be
 * changed. Both accounts start with {@code root_password}: unlike Doris, whose admin starts without a password,
 * so that setting one password closes both doors.
 */
public final class BuiltinAccounts {
    public static final String ROOT = "root";
    public static final String ADMIN = "admin";
    public static final String OPERATOR_ROLE = "operator";
    public static final String ADMIN_ROLE = "admin";
    public static final UserIdentity ROOT_ACCOUNT = new UserIdentity(ROOT, "%");
    public static final UserIdentity ADMIN_ACCOUNT = new UserIdentity(ADMIN, "%");

    private BuiltinAccounts() {
    }

    /**
     * Creates the built-in roles and accounts on a catalog that has no account yet (a new data directory, or one
     * from before accounts were stored); later starts keep what is stored, so root_password only sets the first
     * password.
     */
    public static void createIfAbsent(Catalog catalog, String rootPassword) {
        if (!catalog.snapshot().access().accounts().isEmpty()) {
            return;
        }
        Grants admin = Grants.NONE.plus(GrantTarget.GLOBAL, Set.of(Privilege.ADMIN_PRIV));
        catalog.createRole(new Role(OPERATOR_ROLE, admin), true);
        catalog.createRole(new Role(ADMIN_ROLE, admin), true);
        String hash = NativePassword.hash(rootPassword);
        catalog.createUser(new UserAccount(ROOT_ACCOUNT, hash, Grants.NONE, List.of(OPERATOR_ROLE)), true);
        catalog.createUser(new UserAccount(ADMIN_ACCOUNT, hash, Grants.NONE, List.of(ADMIN_ROLE)), true);
    }

    public static boolean isBuiltinAccount(UserIdentity identity) {
        return identity.equals(ROOT_ACCOUNT) || identity.equals(ADMIN_ACCOUNT);
    }

    public static boolean isBuiltinRole(String role) {
        return role.equals(OPERATOR_ROLE) || role.equals(ADMIN_ROLE);
    }
}
