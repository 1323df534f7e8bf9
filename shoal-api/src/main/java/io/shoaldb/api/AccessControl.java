package io.shoaldb.api;

/**
 * Privilege checks a protocol makes itself, for endpoints that reach no statement or load: the HTTP
 * {@code /metrics}, {@code _load_error_log} and {@code get_wal_size} need Doris's ADMIN_PRIV.
 */
public interface AccessControl {
    /** Whether the account that {@code user} from {@code clientHost} logged in as holds ADMIN_PRIV. */
    boolean hasAdminPrivilege(String user, String clientHost);
}
