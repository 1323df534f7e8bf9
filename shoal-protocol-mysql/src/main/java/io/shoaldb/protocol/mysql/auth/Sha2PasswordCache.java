package io.shoaldb.protocol.mysql.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * caching_sha2_password's cache: for each account that fully authenticated (its clear password seen over TLS or
 * RSA) since the server started, SHA256(SHA256(password)), in memory only. That is enough to check the fast
 * path's scramble, {@code SHA256(password) XOR SHA256(SHA256(SHA256(password)) + nonce)}, and no more: the
 * password cannot be recovered from it. Entries are per user and client host, so that accounts told apart by
 * host never answer for each other. A password change must {@link #forget} the user (or {@link #clear}), as
 * MySQL's ALTER USER and FLUSH PRIVILEGES do; until then the old password would pass the fast path.
 */
public final class Sha2PasswordCache {
    /** A fast-path response is one SHA256 digest. */
    public static final int SCRAMBLE_LENGTH = 32;

    private record Account(String user, String host) {
    }

    private final ConcurrentHashMap<Account, byte[]> doubleHashes = new ConcurrentHashMap<>();

    /** Remembers a password that has just been verified in full. */
    public void remember(String user, String host, String password) {
        doubleHashes.put(new Account(user, host), sha256(sha256(password.getBytes(StandardCharsets.UTF_8))));
    }

    /** True when {@code user} from {@code host} is cached and {@code response} proves the cached password. */
    public boolean matches(String user, String host, byte[] nonce, byte[] response) {
        byte[] doubleHash = doubleHashes.get(new Account(user, host));
        if (doubleHash == null || response.length != SCRAMBLE_LENGTH) {
            return false;
        }
        byte[] mask = sha256(doubleHash, nonce);
        byte[] candidate = new byte[SCRAMBLE_LENGTH];
        for (int i = 0; i < SCRAMBLE_LENGTH; i++) {
            candidate[i] = (byte) (response[i] ^ mask[i]);
        }
        return MessageDigest.isEqual(sha256(candidate), doubleHash);
    }

    /** Drops every cached entry of {@code user}: its password changed or it was dropped. */
    public void forget(String user) {
        doubleHashes.keySet().removeIf(account -> account.user().equals(user));
    }

    public void clear() {
        doubleHashes.clear();
    }

    public int size() {
        return doubleHashes.size();
    }

    static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                digest.update(part);
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
