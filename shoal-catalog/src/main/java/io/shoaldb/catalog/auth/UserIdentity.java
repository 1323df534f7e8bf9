package io.shoaldb.catalog.auth;

import java.util.Locale;
import java.util.Objects;

/**
 * An account's name: {@code 'user'@'host'}. The user name is case-sensitive; the host pattern is not (as in
 * MySQL) and is kept in lower case.
 */
public record UserIdentity(String user, String host) {
    public UserIdentity {
        Objects.requireNonNull(user, "user");
        host = Objects.requireNonNull(host, "host").toLowerCase(Locale.ROOT);
    }

    /** {@code 'user'@'host'}, as MySQL and Doris print an account in errors and SHOW GRANTS. */
    @Override
    public String toString() {
        return "'" + user + "'@'" + host + "'";
    }
}
