package io.shoaldb.api;

/** Verifies users' credentials without ever exposing stored secrets to a protocol. */
public interface Authenticator {
    /**
     * Checks a {@code mysql_native_password} response: {@code SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password)))};
     * an empty response matches an empty password.
     */
    boolean verifyNativePassword(String user, byte[] scramble, byte[] response);

    /** Checks a clear-text password (HTTP Basic auth). */
    boolean verifyPassword(String user, String password);
}
