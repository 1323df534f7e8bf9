package io.shoaldb.server.statement;

import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.auth.GrantTarget;
import io.shoaldb.catalog.auth.Grants;
import io.shoaldb.catalog.auth.NativePassword;
import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.catalog.auth.Role;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.auth.AccessDenied;
import io.shoaldb.server.auth.BuiltinAccounts;
import io.shoaldb.server.auth.Privileges;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.AccountName;
import io.shoaldb.sql.tree.PasswordSpec;
import io.shoaldb.sql.tree.SqlAccountStatement;
import io.shoaldb.sql.tree.SqlAlterUser;
import io.shoaldb.sql.tree.SqlCreateRole;
import io.shoaldb.sql.tree.SqlCreateUser;
import io.shoaldb.sql.tree.SqlDropRole;
import io.shoaldb.sql.tree.SqlDropUser;
import io.shoaldb.sql.tree.SqlGrant;
import io.shoaldb.sql.tree.SqlSetPassword;
import io.shoaldb.sql.tree.SqlShowGrants;
import io.shoaldb.sql.tree.SqlShowRoles;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * CREATE / ALTER / DROP USER, SET PASSWORD, CREATE / DROP ROLE, GRANT, REVOKE (SHOW GRANTS and SHOW ROLES are
 * {@link AccountShows}), with
 * Doris's rules: managing accounts and roles needs GRANT_PRIV on {@code *.*} (or ADMIN_PRIV); a grant on a
 * database or table needs GRANT_PRIV there; ADMIN_PRIV is granted only on {@code *.*} and only by an admin; anyone
 * may set their own password and see their own grants. Every change is one catalog journal record.
 */
final class AccountStatements {
    /** Doris's limit on user and role names. */
    static final int MAX_NAME_LENGTH = 64;
    /** MySQL's limit on the host part. */
    static final int MAX_HOST_LENGTH = 255;
    /** What GRANT ALL gives: every privilege on data, not ADMIN_PRIV, GRANT_PRIV or USAGE_PRIV. */
    static final Set<Privilege> ALL = EnumSet.of(Privilege.SELECT_PRIV, Privilege.LOAD_PRIV, Privilege.ALTER_PRIV,
            Privilege.CREATE_PRIV, Privilege.DROP_PRIV);
    /** Privileges that mean something only on {@code *.*}. */
    static final Set<Privilege> GLOBAL_ONLY = EnumSet.of(Privilege.ADMIN_PRIV, Privilege.USAGE_PRIV);

    private final ServerContext server;
    private final StatementAccess access;

    AccountStatements(ServerContext server, StatementAccess access) {
        this.server = server;
        this.access = access;
    }

    StatementResult run(ShoalSession session, SqlAccountStatement statement) {
        AccessDenied checks = access.of(session);
        return switch (statement) {
            case SqlCreateUser s -> createUser(checks, s);
            case SqlAlterUser s -> alterUser(session, checks, s);
            case SqlDropUser s -> dropUser(session, checks, s);
            case SqlSetPassword s -> setPassword(session, checks, s);
            case SqlCreateRole s -> createRole(checks, s);
            case SqlDropRole s -> dropRole(checks, s);
            case SqlGrant s -> s.grantedRoles().isEmpty() ? grantPrivileges(checks, s) : grantRoles(checks, s);
            case SqlShowGrants s -> AccountShows.grants(server.catalog().snapshot(), session, checks,
                    s.all() ? null : s.account() == null ? session.account() : identity(s.account()));
            case SqlShowRoles ignored -> AccountShows.roles(server.catalog().snapshot(), checks);
        };
    }

    private StatementResult createUser(AccessDenied checks, SqlCreateUser s) {
        checks.checkManageAccounts();
        UserIdentity identity = identity(s.account());
        List<String> roles = new ArrayList<>();
        if (s.defaultRole() != null) {
            requireRole(server.catalog().snapshot(), s.defaultRole());
            roles.add(s.defaultRole());
        }
        server.catalog().createUser(new UserAccount(identity, hash(s.password()), Grants.NONE, roles), s.ifNotExists());
        return UpdateResult.OK;
    }

    private StatementResult alterUser(ShoalSession session, AccessDenied checks, SqlAlterUser s) {
        checks.checkManageAccounts();
        UserIdentity identity = identity(s.account());
        if (s.ifExists() && server.catalog().snapshot().access().account(identity).isEmpty()) {
            return UpdateResult.OK;
        }
        checkMayChange(session, checks, identity);
        String hash = hash(s.password());
        server.catalog().alterUser(identity, "ALTER USER", account -> account.withPassword(hash));
        return UpdateResult.OK;
    }

    private StatementResult dropUser(ShoalSession session, AccessDenied checks, SqlDropUser s) {
        checks.checkManageAccounts();
        UserIdentity identity = identity(s.account());
        if (BuiltinAccounts.isBuiltinAccount(identity)) {
            throw ErrorCode.BUILTIN_ACCOUNT.exception("Can not drop the built-in user " + identity);
        }
        checkMayChange(session, checks, identity);
        server.catalog().dropUser(identity, s.ifExists());
        return UpdateResult.OK;
    }

    /** Without FOR, or FOR one's own account: anyone; for another account: GRANT_PRIV. */
    private StatementResult setPassword(ShoalSession session, AccessDenied checks, SqlSetPassword s) {
        UserIdentity identity = s.account() == null ? session.account() : identity(s.account());
        if (!identity.equals(session.account())) {
            checks.checkManageAccounts();
            checkMayChange(session, checks, identity);
        }
        String hash = hash(s.password());
        server.catalog().alterUser(identity, "SET PASSWORD", account -> account.withPassword(hash));
        return UpdateResult.OK;
    }

    private StatementResult createRole(AccessDenied checks, SqlCreateRole s) {
        checks.checkManageAccounts();
        checkName(s.role(), "role name");
        server.catalog().createRole(new Role(s.role(), Grants.NONE), s.ifNotExists());
        return UpdateResult.OK;
    }

    private StatementResult dropRole(AccessDenied checks, SqlDropRole s) {
        checks.checkManageAccounts();
        if (BuiltinAccounts.isBuiltinRole(s.role())) {
            throw ErrorCode.BUILTIN_ACCOUNT.exception("Can not drop the built-in role '" + s.role() + "'");
        }
        server.catalog().dropRole(s.role(), s.ifExists());
        return UpdateResult.OK;
    }

    private StatementResult grantPrivileges(AccessDenied checks, SqlGrant s) {
        Set<Privilege> privileges = privileges(s.privileges());
        GrantTarget target = new GrantTarget(s.database(), s.table());
        CatalogSnapshot snapshot = server.catalog().snapshot();
        if (!target.global()) {
            if (snapshot.database(target.database()).isEmpty()) {
                throw ErrorCode.UNKNOWN_DATABASE.exception(target.database());
            }
            if (target.tableLevel() && snapshot.table(target.database(), target.table()).isEmpty()) {
                throw ErrorCode.NO_SUCH_TABLE.exception(target.database(), target.table());
            }
            for (Privilege p : privileges) {
                if (GLOBAL_ONLY.contains(p)) {
                    throw ErrorCode.INVALID_VALUE.exception(p + " can only be granted on *.*, not on " + target);
                }
            }
        }
        if (!checks.privileges().canGrantOn(target.database(), target.table())
                || (privileges.contains(Privilege.ADMIN_PRIV) && !checks.privileges().isAdmin())) {
            throw ErrorCode.SPECIFIC_ACCESS_DENIED.exception(
                    privileges.contains(Privilege.ADMIN_PRIV) ? "ADMIN" : "GRANT");
        }
        if (s.granteeRole() != null) {
            String role = s.granteeRole();
            requireRole(snapshot, role);
            if (BuiltinAccounts.isBuiltinRole(role)) {
                throw ErrorCode.BUILTIN_ACCOUNT.exception("Can not change the built-in role '" + role + "'");
            }
            server.catalog().alterRole(role, s.revoke() ? "REVOKE" : "GRANT", r -> r.withGrants(
                    change(r.grants(), s.revoke(), target, privileges, "ROLE " + role, "")));
            return UpdateResult.OK;
        }
        UserIdentity identity = identity(s.account());
        refuseChangingRoot(identity, s.revoke());
        server.catalog().alterUser(identity, s.revoke() ? "REVOKE" : "GRANT", a -> a.withGrants(
                change(a.grants(), s.revoke(), target, privileges, identity.user(), identity.host())));
        return UpdateResult.OK;
    }

    /** Grants add; a revoke of privileges none of which is held on the target is MySQL's 1141. */
    private static Grants change(Grants grants, boolean revoke, GrantTarget target, Set<Privilege> privileges,
            String user, String host) {
        if (!revoke) {
            return grants.plus(target, privileges);
        }
        if (grants.on(target).stream().noneMatch(privileges::contains)) {
            throw ErrorCode.NONEXISTING_GRANT.exception(user, host);
        }
        return grants.minus(target, privileges);
    }

    private StatementResult grantRoles(AccessDenied checks, SqlGrant s) {
        checks.checkManageAccounts();
        CatalogSnapshot snapshot = server.catalog().snapshot();
        s.grantedRoles().forEach(role -> requireRole(snapshot, role));
        boolean grantsAdmin = s.grantedRoles().stream().anyMatch(role -> snapshot.access().role(role).orElseThrow()
                .grants().on(GrantTarget.GLOBAL).contains(Privilege.ADMIN_PRIV));
        if (!s.revoke() && grantsAdmin && !checks.privileges().isAdmin()) {
            throw ErrorCode.SPECIFIC_ACCESS_DENIED.exception("ADMIN");
        }
        UserIdentity identity = identity(s.account());
        refuseChangingRoot(identity, s.revoke());
        server.catalog().alterUser(identity, s.revoke() ? "REVOKE" : "GRANT", account -> {
            Set<String> roles = new LinkedHashSet<>(account.roles());
            if (s.revoke()) {
                s.grantedRoles().forEach(roles::remove);
            } else {
                roles.addAll(s.grantedRoles());
            }
            return account.withRoles(List.copyOf(roles));
        });
        return UpdateResult.OK;
    }

    /**
     * GRANT_PRIV alone must not lead to ADMIN_PRIV: only an administrator changes the password of, or drops, an
     * account that holds ADMIN_PRIV, and only root changes root's password (as in Doris).
     */
    private void checkMayChange(ShoalSession session, AccessDenied checks, UserIdentity identity) {
        if (identity.equals(BuiltinAccounts.ROOT_ACCOUNT) && !session.account().equals(BuiltinAccounts.ROOT_ACCOUNT)) {
            throw ErrorCode.BUILTIN_ACCOUNT.exception("Can not change the password of root, except root itself");
        }
        if (!checks.privileges().isAdmin()
                && Privileges.of(server.catalog().snapshot(), identity).isAdmin()) {
            throw ErrorCode.SPECIFIC_ACCESS_DENIED.exception("ADMIN");
        }
    }

    /** root is the superuser: nothing is taken from it (granting it more changes nothing it can do). */
    private static void refuseChangingRoot(UserIdentity identity, boolean revoke) {
        if (revoke && identity.equals(BuiltinAccounts.ROOT_ACCOUNT)) {
            throw ErrorCode.BUILTIN_ACCOUNT.exception("Can not revoke privileges or roles from " + identity);
        }
    }

    private static Set<Privilege> privileges(List<String> names) {
        EnumSet<Privilege> privileges = EnumSet.noneOf(Privilege.class);
        for (String name : names) {
            if (name.equalsIgnoreCase("ALL")) {
                privileges.addAll(ALL);
            } else {
                privileges.add(Privilege.named(name).orElseThrow(
                        () -> ErrorCode.UNKNOWN_PRIVILEGE.exception(shortened(name))));
            }
        }
        return privileges;
    }

    private static void requireRole(CatalogSnapshot snapshot, String role) {
        if (snapshot.access().role(role).isEmpty()) {
            throw ErrorCode.ACCOUNT_OPERATION_FAILED.exception("GRANT ROLE", "'" + shortened(role) + "'");
        }
    }

    static UserIdentity identity(AccountName name) {
        checkName(name.user(), "user name");
        if (name.host().isEmpty() || name.host().length() > MAX_HOST_LENGTH) {
            throw name.host().isEmpty() ? ErrorCode.INVALID_VALUE.exception("the host of an account may not be empty")
                    : ErrorCode.ACCOUNT_NAME_TOO_LONG.exception(shortened(name.host()), "host name", MAX_HOST_LENGTH);
        }
        return new UserIdentity(name.user(), name.host());
    }

    private static void checkName(String name, String what) {
        if (name.isEmpty()) {
            throw ErrorCode.INVALID_VALUE.exception("the " + what + " may not be empty");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw ErrorCode.ACCOUNT_NAME_TOO_LONG.exception(shortened(name), what, MAX_NAME_LENGTH);
        }
    }

    /** A name quoted in an error, cut so that a huge one does not make a huge message. */
    private static String shortened(String name) {
        return name.length() <= MAX_HOST_LENGTH ? name : name.substring(0, MAX_HOST_LENGTH) + "...";
    }

    private static String hash(PasswordSpec password) {
        if (password == null) {
            return "";
        }
        if (!password.hashed()) {
            return NativePassword.hash(password.text());
        }
        if (!NativePassword.isStoredForm(password.text())) {
            throw ErrorCode.INVALID_PASSWORD_HASH.exception();
        }
        return NativePassword.normalise(password.text());
    }
}
