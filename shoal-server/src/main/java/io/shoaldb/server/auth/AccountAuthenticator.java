package io.shoaldb.server.auth;

import io.shoaldb.api.Authenticator;
import io.shoaldb.api.CredentialVersion;
import io.shoaldb.api.PasswordHashProof;
import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.auth.NativePassword;
import io.shoaldb.catalog.auth.UserAccount;
import io.shoaldb.catalog.auth.UserIdentity;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Authenticates against the accounts in the catalog. A client's user name and host pick one account, the most
 * specific host pattern first (MySQL's rule); that account's password alone decides, and its privileges apply to
 * the session. Only SHA1(SHA1(password)) is stored, which checks both a scrambled response and a clear password,
 * and proves to MariaDB's clients that the server knows the password. The catalog's credential version lets the
 * caching_sha2_password cache forget every entry once an account is created, dropped or given a new password.
 */
public final class AccountAuthenticator implements Authenticator, CredentialVersion, PasswordHashProof {
    private static final String ANY_HOST = "%";

    private final Catalog catalog;

    public AccountAuthenticator(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The account a client logs in as; without a host, only the user's {@code '%'} account. */
    public Optional<UserAccount> account(String user, String clientHost) {
        if (user == null) {
            return Optional.empty();
        }
        if (clientHost == null) {
            return catalog.snapshot().access().account(new UserIdentity(user, ANY_HOST));
        }
        return catalog.snapshot().access().match(user, clientHost);
    }

    /**
     * The identity whose privileges a logged-in client has: its account, or (for an account dropped since) one
     * that holds nothing.
     */
    public UserIdentity identify(String user, String clientHost) {
        return account(user, clientHost).map(UserAccount::identity)
                .orElseGet(() -> new UserIdentity(user, clientHost == null ? ANY_HOST : clientHost));
    }

    @Override
    public boolean verifyNativePassword(String user, byte[] scramble, byte[] response) {
        return verifyNativePassword(user, null, scramble, response);
    }

    @Override
    public boolean verifyPassword(String user, String password) {
        return verifyPassword(user, null, password);
    }

    @Override
    public boolean verifyNativePassword(String user, String clientHost, byte[] scramble, byte[] response) {
        return account(user, clientHost)
                .map(account -> NativePassword.verifyScramble(account.password(), scramble, response))
                .orElse(false);
    }

    @Override
    public boolean verifyPassword(String user, String clientHost, String password) {
        return account(user, clientHost)
                .map(account -> NativePassword.verifyClear(account.password(), password))
                .orElse(false);
    }

    @Override
    public long credentialVersion() {
        return catalog.snapshot().access().credentialVersion();
    }

    @Override
    public byte[] nativePasswordProof(String user, String clientHost, byte[] nonce, byte[] certificateFingerprint) {
        String stored = account(user, clientHost).map(UserAccount::password).orElse("");
        if (stored.isEmpty()) {
            return null;
        }
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(HexFormat.of().parseHex(stored.substring(1))); // stored: "*" + HEX(SHA1(SHA1(pw)))
            sha256.update(nonce);
            return sha256.digest(certificateFingerprint);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
