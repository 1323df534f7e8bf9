package io.shoaldb.catalog.auth;

import java.util.List;
import java.util.Objects;

/**
 * One account. {@code password} is MySQL's stored form of a {@code mysql_native_password}: {@code "*"} and the
 * upper-case hex of SHA1(SHA1(password)), or empty for no password; the clear password is never kept.
 *
 * @param roles the roles granted to the account, by name (DEFAULT ROLE and GRANT 'role' TO)
 */
public record UserAccount(UserIdentity identity, String password, Grants grants, List<String> roles) {
    public UserAccount {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(password, "password");
        grants = grants == null ? Grants.NONE : grants;
        roles = roles == null ? List.of() : List.copyOf(roles);
    }

    public UserAccount withPassword(String hash) {
        return new UserAccount(identity, hash, grants, roles);
    }

    public UserAccount withGrants(Grants changed) {
        return new UserAccount(identity, password, changed, roles);
    }

    public UserAccount withRoles(List<String> changed) {
        return new UserAccount(identity, password, grants, changed);
    }
}
