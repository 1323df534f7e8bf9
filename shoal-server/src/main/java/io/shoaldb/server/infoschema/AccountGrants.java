package io.shoaldb.server.infoschema;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.GrantTarget;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@link Grants} from the accounts of one catalog snapshot: each account's privileges as they apply to it (its own
 * grants and its roles', as SHOW GRANTS lists them), one row per privilege and level. An administrator sees every
 * account's rows, any other user only those of the account it logged in as (MySQL's rule). A privilege is grantable
 * where the account also holds GRANT_PRIV on that level, or ADMIN_PRIV globally.
 */
public final class AccountGrants implements Grants {
    private final CatalogSnapshot catalog;
    private final UserIdentity self;
    private final boolean admin;

    /**
     * @param self the querying session's account
     * @param admin whether that account holds ADMIN_PRIV
     */
    public AccountGrants(CatalogSnapshot catalog, UserIdentity self, boolean admin) {
        this.catalog = catalog;
        this.self = self;
        this.admin = admin;
    }

    /** {@code user} is the session's; its account (given at construction) is what decides. */
    @Override
    public List<Privilege> visibleTo(String user) {
        List<Privilege> rows = new ArrayList<>();
        for (UserAccount account : catalog.access().accounts()) {
            if (admin || account.identity().equals(self)) {
                addRows(rows, account);
            }
        }
        return rows;
    }

    private void addRows(List<Privilege> rows, UserAccount account) {
        Map<GrantTarget, Set<io.shoaldb.catalog.auth.Privilege>> held = new TreeMap<>();
        merge(held, account.grants().asMap());
        for (String roleName : account.roles()) {
            catalog.access().role(roleName).map(Role::grants).ifPresent(g -> merge(held, g.asMap()));
        }
        Set<io.shoaldb.catalog.auth.Privilege> global = held.getOrDefault(GrantTarget.GLOBAL, Set.of());
        boolean globalAdmin = global.contains(io.shoaldb.catalog.auth.Privilege.ADMIN_PRIV);
        String grantee = "'" + account.identity().user() + "'@'" + account.identity().host() + "'";
        held.forEach((target, privileges) -> {
            boolean grantable = globalAdmin || privileges.contains(io.shoaldb.catalog.auth.Privilege.GRANT_PRIV);
            for (io.shoaldb.catalog.auth.Privilege p : privileges) {
                rows.add(new Privilege(grantee, target.global() ? null : target.database(),
                        target.tableLevel() ? target.table() : null, dorisName(p), grantable));
            }
        });
    }

    private static void merge(Map<GrantTarget, Set<io.shoaldb.catalog.auth.Privilege>> held,
            Map<GrantTarget, Set<io.shoaldb.catalog.auth.Privilege>> grants) {
        grants.forEach((target, privileges) -> held
                .computeIfAbsent(target, t -> EnumSet.noneOf(io.shoaldb.catalog.auth.Privilege.class))
                .addAll(privileges));
    }

    /** {@code SELECT_PRIV} as Doris's information_schema spells it: {@code Select_priv}. */
    private static String dorisName(io.shoaldb.catalog.auth.Privilege privilege) {
        String name = privilege.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }
}
