package io.shoaldb.api;

/**
 * What an {@link Authenticator} may offer besides, so that a protocol may keep a cache of passwords it has seen
 * verified (caching_sha2_password's fast path) without the cache outliving a change: a number that changes
 * whenever an account is created, dropped or given a new password. A protocol caches nothing for an authenticator
 * that does not offer it.
 */
public interface CredentialVersion {
    long credentialVersion();
}
