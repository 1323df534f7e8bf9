package io.shoaldb.server.auth;

import io.shoaldb.api.Authenticator;
import io.shoaldb.api.CredentialVersion;
import io.shoaldb.api.PasswordHashProof;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Authenticates the single built-in user {@code root}. Only {@code SHA1(SHA1(password))} is kept in
 * memory, which is all that {@code mysql_native_password} needs to verify a scrambled response.
 */
public final class PasswordAuthenticator implements Authenticator, PasswordHashProof, CredentialVersion {
    public static final String ROOT = "root";

    private final byte[] doubleHashedPassword;
    private final boolean emptyPassword;

    public PasswordAuthenticator(String rootPassword) {
        this.emptyPassword = rootPassword.isEmpty();
        this.doubleHashedPassword = sha1(sha1(rootPassword.getBytes(StandardCharsets.UTF_8)));
    }

    public boolean hasEmptyPassword() {
        return emptyPassword;
    }

    @Override
    public boolean verifyNativePassword(String user, byte[] scramble, byte[] response) {
        if (!ROOT.equals(user)) {
            return false;
        }
        if (response == null || response.length == 0) {
            return emptyPassword;
        }
        if (emptyPassword || response.length != 20) {
            return false;
        }
        // response = SHA1(pw) XOR SHA1(scramble + SHA1(SHA1(pw))); undo the XOR and hash once more.
        byte[] mask = sha1(concat(scramble, doubleHashedPassword));
        byte[] candidate = new byte[20];
        for (int i = 0; i < 20; i++) {
            candidate[i] = (byte) (response[i] ^ mask[i]);
        }
        return MessageDigest.isEqual(sha1(candidate), doubleHashedPassword);
    }

    @Override
    public boolean verifyPassword(String user, String password) {
        if (!ROOT.equals(user) || password == null) {
            return false;
        }
        byte[] candidate = sha1(sha1(password.getBytes(StandardCharsets.UTF_8)));
        return MessageDigest.isEqual(candidate, doubleHashedPassword);
    }

    /** root's password is fixed for the life of the process (root_password). */
    @Override
    public long credentialVersion() {
        return 0;
    }

    @Override
    public byte[] nativePasswordProof(String user, byte[] nonce, byte[] certificateFingerprint) {
        if (!ROOT.equals(user) || emptyPassword) {
            return null;
        }
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(doubleHashedPassword);
            sha256.update(nonce);
            return sha256.digest(certificateFingerprint);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = new byte[a.length + b.length];
        System.arraycopy(a, 0, joined, 0, a.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    private static byte[] sha1(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }
}
