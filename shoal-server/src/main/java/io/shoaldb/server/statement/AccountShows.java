package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.Grant;
import io.shoaldb.catalog.auth.Grants;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.auth.AccessDenied;
import io.shoaldb.server.auth.BuiltinAccounts;
import io.shoaldb.server.session.ShoalSession;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** SHOW GRANTS, SHOW ALL GRANTS and SHOW ROLES, in Doris's columns and privilege names. */
final class AccountShows {
    private AccountShows() {
    }

    /**
     * SHOW GRANTS [FOR account] ({@code identity} the account) and SHOW ALL GRANTS ({@code identity} null): one's
     * own needs nothing, others' GRANT_PRIV.
     */
    static StatementResult grants(CatalogSnapshot snapshot, ShoalSession session, AccessDenied checks,
            UserIdentity identity) {
        List<UserAccount> accounts;
        if (identity == null) {
            checks.checkManageAccounts();
            accounts = snapshot.access().accounts();
        } else {
            if (!identity.equals(session.account())) {
                checks.checkManageAccounts();
            }
            accounts = List.of(snapshot.access().account(identity).orElseThrow(
                    () -> ErrorCode.NONEXISTING_GRANT.exception(identity.user(), identity.host())));
        }
        TextTable table = new TextTable("UserIdentity", "Comment", "Password", "Roles", "GlobalPrivs", "CatalogPrivs",
                "DatabasePrivs", "TablePrivs");
        for (UserAccount account : accounts) {
            Grants effective = account.grants();
            for (String role : account.roles()) {
                for (Grant g : snapshot.access().role(role).map(Role::grants).orElse(Grants.NONE).list()) {
                    effective = effective.plus(g.target(), g.privileges());
                }
            }
            List<String> row = grantColumns(effective);
            table.row(account.identity().toString(), "", account.password().isEmpty() ? "No" : "Yes",
                    String.join(",", account.roles()), row.get(0), row.get(1), row.get(2), row.get(3));
        }
        return table.result();
    }

    static StatementResult roles(CatalogSnapshot snapshot, AccessDenied checks) {
        checks.checkManageAccounts();
        TextTable table = new TextTable("Name", "Comment", "Users", "GlobalPrivs", "CatalogPrivs", "DatabasePrivs",
                "TablePrivs");
        for (Role role : snapshot.access().roles()) {
            List<String> users = snapshot.access().accounts().stream()
                    .filter(a -> a.roles().contains(role.name())).map(a -> a.identity().toString()).toList();
            List<String> row = grantColumns(role.grants());
            table.row(role.name(), BuiltinAccounts.isBuiltinRole(role.name()) ? "built-in role" : "",
                    String.join(", ", users), row.get(0), row.get(1), row.get(2), row.get(3));
        }
        return table.result();
    }

    /**
     * Doris's SHOW GRANTS columns: global privileges; the catalog's (the internal catalog's are the global ones
     * here, so it stays null); {@code internal.db: Select_priv,Load_priv; ...}; {@code internal.db.tbl: ...}.
     */
    private static List<String> grantColumns(Grants grants) {
        String global = null;
        List<String> databases = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        for (Grant g : grants.list()) {
            String list = dorisNames(g.privileges());
            if (g.target().global()) {
                global = list;
            } else if (g.target().databaseLevel()) {
                databases.add("internal." + g.target().database() + ": " + list);
            } else {
                tables.add("internal." + g.target() + ": " + list);
            }
        }
        List<String> row = new ArrayList<>();
        row.add(global);
        row.add(null);
        row.add(databases.isEmpty() ? null : String.join("; ", databases));
        row.add(tables.isEmpty() ? null : String.join("; ", tables));
        return row;
    }

    /** {@code Select_priv,Load_priv}, in the declared order, as Doris prints privileges. */
    private static String dorisNames(Set<Privilege> privileges) {
        List<String> names = new ArrayList<>();
        for (Privilege p : EnumSet.copyOf(privileges)) {
            String name = p.name().toLowerCase(Locale.ROOT);
            names.add(Character.toUpperCase(name.charAt(0)) + name.substring(1));
        }
        return String.join(",", names);
    }
}
