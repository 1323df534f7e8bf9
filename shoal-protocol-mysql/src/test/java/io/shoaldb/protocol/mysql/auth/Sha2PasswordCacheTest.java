package io.shoaldb.protocol.mysql.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Sha2PasswordCacheTest {
    private static final byte[] NONCE = "0123456789abcdefghij".getBytes(StandardCharsets.US_ASCII);

    /** What a client sends: SHA256(pw) XOR SHA256(SHA256(SHA256(pw)) + nonce). */
    private static byte[] scramble(String password, byte[] nonce) {
        byte[] stage1 = Sha2PasswordCache.sha256(password.getBytes(StandardCharsets.UTF_8));
        byte[] mask = Sha2PasswordCache.sha256(Sha2PasswordCache.sha256(stage1), nonce);
        for (int i = 0; i < mask.length; i++) {
            mask[i] ^= stage1[i];
        }
        return mask;
    }

    @Test
    void matchesOnlyTheRememberedPasswordOfThatUserFromThatHost() {
        Sha2PasswordCache cache = new Sha2PasswordCache();
        assertThat(cache.matches("alice", "10.0.0.1", NONCE, scramble("secret", NONCE), 3)).isFalse();
        cache.remember("alice", "10.0.0.1", "secret", 3);
        assertThat(cache.matches("alice", "10.0.0.1", NONCE, scramble("secret", NONCE), 3)).isTrue();
        assertThat(cache.matches("alice", "10.0.0.1", NONCE, scramble("wrong", NONCE), 3)).isFalse();
        assertThat(cache.matches("alice", "10.0.0.2", NONCE, scramble("secret", NONCE), 3)).isFalse();
        assertThat(cache.matches("bob", "10.0.0.1", NONCE, scramble("secret", NONCE), 3)).isFalse();
        byte[] otherNonce = "jihgfedcba9876543210".getBytes(StandardCharsets.US_ASCII);
        assertThat(cache.matches("alice", "10.0.0.1", otherNonce, scramble("secret", NONCE), 3)).as("replay").isFalse();
        assertThat(cache.matches("alice", "10.0.0.1", NONCE, new byte[31], 3)).isFalse();
    }

    @Test
    void anEntryCountsOnlyUnderTheCredentialVersionItWasVerifiedWith() {
        Sha2PasswordCache cache = new Sha2PasswordCache();
        cache.remember("alice", "10.0.0.1", "secret", 3);
        cache.remember("bob", "10.0.0.1", "hunter2", 3);
        assertThat(cache.matches("alice", "10.0.0.1", NONCE, scramble("secret", NONCE), 4)).isFalse();
        assertThat(cache.size()).as("the stale entry is dropped").isEqualTo(1);
        assertThat(cache.matches("alice", "10.0.0.1", NONCE, scramble("secret", NONCE), 3)).isFalse();
    }
}
