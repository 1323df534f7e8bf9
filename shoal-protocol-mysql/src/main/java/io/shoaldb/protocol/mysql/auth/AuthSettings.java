package io.shoaldb.protocol.mysql.auth;

import io.shoaldb.api.Authenticator;

/**
 * What every login of a server shares.
 *
 * @param authenticator checks scrambles and clear passwords
 * @param defaultPlugin the plugin the greeting announces and clients naming an unknown one are switched to;
 *     with caching_sha2_password, clients starting with mysql_native_password are switched too, as MySQL does
 *     for accounts of that plugin
 * @param cache caching_sha2_password's fast-path cache
 * @param rsa decrypts passwords sent RSA-encrypted over connections without TLS, or null when there is no key
 *     (such clients are then refused)
 * @param tlsOffered the greeting advertises CLIENT_SSL
 * @param requireSecureTransport a client that has not started TLS is refused (3159)
 */
public record AuthSettings(Authenticator authenticator, AuthPlugin defaultPlugin, Sha2PasswordCache cache,
        RsaPasswordCipher rsa, boolean tlsOffered, boolean requireSecureTransport) {
}
