package io.shoaldb.server.auth;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.GrantTarget;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What one account may do in one catalog snapshot: its own grants and those of its roles, merged. A privilege on
 * {@code *.*} holds on every database and table, one on {@code db.*} on every table of the database; ADMIN_PRIV
 * (only ever global) allows everything. Computed per statement, so a REVOKE applies to an open session's next one.
 */
public final class Privileges {
    /** Doris's SHOW predicate: holding any of these on an object lets a user see it (SHOW, USE). */
    static final Set<Privilege> VISIBLE = EnumSet.of(Privilege.SELECT_PRIV, Privilege.LOAD_PRIV, Privilege.ALTER_PRIV,
            Privilege.CREATE_PRIV, Privilege.DROP_PRIV, Privilege.ADMIN_PRIV);

    /**
     * Doris lets every user see and read {@code information_schema}: its views list only what the user may see
     * (their rows are filtered by these same privileges), so reading them needs no grant.
     */
    static final String INFORMATION_SCHEMA = "information_schema";

    /** What is held where nothing was granted; shared, since every statement asks (an INSERT several times). */
    private static final Set<Privilege> NONE = Collections.unmodifiableSet(EnumSet.noneOf(Privilege.class));

    private final Map<GrantTarget, EnumSet<Privilege>> held;

    private Privileges(Map<GrantTarget, EnumSet<Privilege>> held) {
        this.held = held;
    }

    public static Privileges of(CatalogSnapshot snapshot, UserIdentity identity) {
        Map<GrantTarget, EnumSet<Privilege>> held = new HashMap<>();
        UserAccount account = snapshot.access().account(identity).orElse(null);
        if (account != null) {
            add(held, account.grants().asMap());
            for (String roleName : account.roles()) {
                snapshot.access().role(roleName).map(Role::grants).ifPresent(g -> add(held, g.asMap()));
            }
        }
        return new Privileges(held);
    }

    private static void add(Map<GrantTarget, EnumSet<Privilege>> held, Map<GrantTarget, Set<Privilege>> grants) {
        grants.forEach((target, privileges) ->
                held.computeIfAbsent(target, t -> EnumSet.noneOf(Privilege.class)).addAll(privileges));
    }

    private Set<Privilege> on(GrantTarget target) {
        Set<Privilege> privileges = held.get(target);
        return privileges == null ? NONE : privileges;
    }

    public boolean isAdmin() {
        return on(GrantTarget.GLOBAL).contains(Privilege.ADMIN_PRIV);
    }

    /** GRANT_PRIV on {@code *.*} (or ADMIN_PRIV): may manage users and roles and grant anywhere. */
    public boolean canManageAccounts() {
        return isAdmin() || on(GrantTarget.GLOBAL).contains(Privilege.GRANT_PRIV);
    }

    /** May grant on this target: global GRANT_PRIV, or GRANT_PRIV on the target's database. */
    public boolean canGrantOn(String database, String table) {
        return canManageAccounts() || (!database.equals(GrantTarget.ALL)
                && (on(GrantTarget.onDatabase(database)).contains(Privilege.GRANT_PRIV)
                || on(GrantTarget.onTable(database, table)).contains(Privilege.GRANT_PRIV)));
    }

    /** Holds {@code privilege} on the table, at any level. */
    public boolean has(Privilege privilege, String database, String table) {
        return (privilege == Privilege.SELECT_PRIV && isInformationSchema(database)) || isAdmin() || on(GrantTarget.GLOBAL).contains(privilege)
                || on(GrantTarget.onDatabase(database)).contains(privilege)
                || on(GrantTarget.onTable(database, table)).contains(privilege);
    }

    /** Holds {@code privilege} on the whole database (global or database level). */
    public boolean hasOnDatabase(Privilege privilege, String database) {
        return isAdmin() || on(GrantTarget.GLOBAL).contains(privilege)
                || on(GrantTarget.onDatabase(database)).contains(privilege);
    }

    /** Holds {@code privilege} on the database or on at least one of its tables. */
    public boolean hasInDatabase(Privilege privilege, String database) {
        return hasOnDatabase(privilege, database) || held.entrySet().stream().anyMatch(e -> e.getKey().tableLevel()
                && e.getKey().database().equals(database) && e.getValue().contains(privilege));
    }

    /** May see (SHOW DATABASES, USE) the database: any privilege of {@link #VISIBLE} on it or on one of its tables. */
    public boolean canSeeDatabase(String database) {
        return isInformationSchema(database) || held.entrySet().stream().anyMatch(e -> (e.getKey().global() || e.getKey().database().equals(database))
                && e.getValue().stream().anyMatch(VISIBLE::contains));
    }

    private static boolean isInformationSchema(String database) {
        return INFORMATION_SCHEMA.equalsIgnoreCase(database);
    }

    /** May see (SHOW TABLES, SHOW CREATE TABLE, DESC) the table. */
    public boolean canSeeTable(String database, String table) {
        return VISIBLE.stream().anyMatch(p -> has(p, database, table));
    }
}
