package io.shoaldb.api;

/**
 * What an {@link Authenticator} may offer besides: proof to a client that the server knows its password hash,
 * bound to the TLS certificate the client saw. MariaDB's clients (Connector/J 3.4+, its C library 3.4+) accept an
 * unverifiable certificate - such as the self-signed one made at the first start - when the login's OK carries
 * this proof, since a man in the middle would not know the hash. The hash itself never leaves the authenticator.
 */
public interface PasswordHashProof {
    /**
     * {@code SHA256(SHA1(SHA1(password)) + nonce + certificateFingerprint)} for the account {@code user} logs in
     * as from {@code clientHost} (the host picks the account, as for the password check), or null when there is
     * no such account or it has no password (an empty password proves nothing).
     */
    byte[] nativePasswordProof(String user, String clientHost, byte[] nonce, byte[] certificateFingerprint);
}
