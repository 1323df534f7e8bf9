package io.shoaldb.catalog.auth;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The accounts and roles of one catalog snapshot; immutable (every change returns a copy, as the rest of the
 * snapshot does).
 */
public final class AccessData {
    public static final AccessData EMPTY = new AccessData(Map.of(), Map.of(), 0);

    private static final Comparator<UserIdentity> BY_NAME = Comparator.comparing(UserIdentity::user)
            .thenComparing(UserIdentity::host, HostPattern.MOST_SPECIFIC_FIRST);

    private final Map<UserIdentity, UserAccount> accounts;
    private final Map<String, Role> roles;
    private final long credentialVersion;

    private AccessData(Map<UserIdentity, UserAccount> accounts, Map<String, Role> roles, long credentialVersion) {
        this.accounts = accounts;
        this.roles = roles;
        this.credentialVersion = credentialVersion;
    }

    /**
     * A number that grows whenever an account is created or dropped or its password changes (not when only its
     * grants or roles do), so that a cache of verified passwords can tell it is stale. It counts within one
     * process (replaying the journal counts again), as such caches are kept in memory only.
     */
    public long credentialVersion() {
        return credentialVersion;
    }

    /** Every account, by user name, then host from most to least specific. */
    public List<UserAccount> accounts() {
        return List.copyOf(accounts.values());
    }

    public Optional<UserAccount> account(UserIdentity identity) {
        return Optional.ofNullable(accounts.get(identity));
    }

    /**
     * The account a client {@code user} connecting from {@code clientHost} logs in as: among the user's accounts
     * whose host pattern matches, the most specific one (MySQL's rule; its password alone decides the login).
     */
    public Optional<UserAccount> match(String user, String clientHost) {
        for (UserAccount account : accounts.values()) { // sorted: a user's most specific host first
            if (account.identity().user().equals(user) && HostPattern.matches(account.identity().host(), clientHost)) {
                return Optional.of(account);
            }
        }
        return Optional.empty();
    }

    /** Every role, by name. */
    public List<Role> roles() {
        return List.copyOf(roles.values());
    }

    public Optional<Role> role(String name) {
        return Optional.ofNullable(roles.get(name));
    }

    public AccessData withAccount(UserAccount account) {
        Map<UserIdentity, UserAccount> changed = new TreeMap<>(BY_NAME);
        changed.putAll(accounts);
        UserAccount before = changed.put(account.identity(), account);
        boolean credentialChanged = before == null || !before.password().equals(account.password());
        return new AccessData(Collections.unmodifiableMap(changed), roles,
                credentialChanged ? credentialVersion + 1 : credentialVersion);
    }

    public AccessData withoutAccount(UserIdentity identity) {
        Map<UserIdentity, UserAccount> changed = new TreeMap<>(BY_NAME);
        changed.putAll(accounts);
        boolean dropped = changed.remove(identity) != null;
        return new AccessData(Collections.unmodifiableMap(changed), roles,
                dropped ? credentialVersion + 1 : credentialVersion);
    }

    public AccessData withRole(Role role) {
        Map<String, Role> changed = new TreeMap<>(roles);
        changed.put(role.name(), role);
        return new AccessData(accounts, Collections.unmodifiableMap(changed), credentialVersion);
    }

    /** Drops the role and takes it from every account that had it. */
    public AccessData withoutRole(String name) {
        Map<String, Role> changed = new TreeMap<>(roles);
        changed.remove(name);
        Map<UserIdentity, UserAccount> users = new TreeMap<>(BY_NAME);
        for (UserAccount account : accounts.values()) {
            if (account.roles().contains(name)) {
                List<String> left = new ArrayList<>(account.roles());
                left.remove(name);
                account = account.withRoles(left);
            }
            users.put(account.identity(), account);
        }
        return new AccessData(Collections.unmodifiableMap(users), Collections.unmodifiableMap(changed),
                credentialVersion);
    }
}
