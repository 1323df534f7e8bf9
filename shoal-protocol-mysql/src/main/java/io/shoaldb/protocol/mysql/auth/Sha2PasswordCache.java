package io.shoaldb.protocol.mysql.auth;

import io.shoaldb.api.CredentialVersion;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * caching_sha2_password's cache: for each account that fully authenticated (its clear password seen over TLS or
 * RSA) since the server started, SHA256(SHA256(password)), in memory only. That is enough to check the fast
 * path's scramble, {@code SHA256(password) XOR SHA256(SHA256(SHA256(password)) + nonce)}, and no more: the
 * password cannot be recovered from it. Entries are per user and client host, so that accounts told apart by
 * host never answer for each other. Each entry carries the authenticator's {@link CredentialVersion} of when it
 * was verified and counts only while that version is current, so a password change (MySQL flushes the cache on
 * ALTER USER) ends the fast path for the old password without anyone having to tell the cache.
 */
public final class Sha2PasswordCache {
    /** A fast-path response is one SHA256 digest. */
    public static final int SCRAMBLE_LENGTH = 32;

    private record Account(String user, String host) {
    }

    private record Entry(byte[] doubleHash, long credentialVersion) {
    }

    private final ConcurrentHashMap<Account, Entry> entries = new ConcurrentHashMap<>();

    /** Remembers a password that has just been verified in full, under {@code credentialVersion}. */
    public void remember(String user, String host, String password, long credentialVersion) {
        entries.put(new Account(user, host),
                new Entry(sha256(sha256(password.getBytes(StandardCharsets.UTF_8))), credentialVersion));
    }

    /**
     * True when {@code user} from {@code host} was cached under {@code credentialVersion} (an entry of another
     * version is dropped) and {@code response} proves the cached password.
     */
    public boolean matches(String user, String host, byte[] nonce, byte[] response, long credentialVersion) {
        Account account = new Account(user, host);
        Entry entry = entries.get(account);
        if (entry != null && entry.credentialVersion() != credentialVersion) {
            entries.remove(account, entry);
            return false;
        }
        if (entry == null || response.length != SCRAMBLE_LENGTH) {
            return false;
        }
        byte[] doubleHash = entry.doubleHash();
        byte[] mask = sha256(doubleHash, nonce);
        byte[] candidate = new byte[SCRAMBLE_LENGTH];
        for (int i = 0; i < SCRAMBLE_LENGTH; i++) {
            candidate[i] = (byte) (response[i] ^ mask[i]);
        }
        return MessageDigest.isEqual(sha256(candidate), doubleHash);
    }

    public void clear() {
        entries.clear();
    }

    public int size() {
        return entries.size();
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
