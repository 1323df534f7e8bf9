package io.shoaldb.api;

/**
 * Verifies users' credentials without ever exposing stored secrets to a protocol. An account is
 * {@code 'user'@'host'}: the client's host picks which of a user's accounts (and so which password and
 * privileges) applies, the most specific host pattern first, as MySQL does.
 */
public interface Authenticator {
    /**
     * Checks a {@code mysql_native_password} response: {@code SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password)))};
     * an empty response matches an empty password. Without a client host only the user's {@code '%'} account
     * can match; protocols that know the host call {@link #verifyNativePassword(String, String, byte[], byte[])}.
     */
    boolean verifyNativePassword(String user, byte[] scramble, byte[] response);

    /** Checks a clear-text password (HTTP Basic auth); like the native check, without a host only {@code '%'}. */
    boolean verifyPassword(String user, String password);

    /** {@link #verifyNativePassword(String, byte[], byte[])} for a client connecting from {@code clientHost}. */
    default boolean verifyNativePassword(String user, String clientHost, byte[] scramble, byte[] response) {
        return verifyNativePassword(user, scramble, response);
    }

    /** {@link #verifyPassword(String, String)} for a client connecting from {@code clientHost}. */
    default boolean verifyPassword(String user, String clientHost, String password) {
        return verifyPassword(user, password);
    }
}
