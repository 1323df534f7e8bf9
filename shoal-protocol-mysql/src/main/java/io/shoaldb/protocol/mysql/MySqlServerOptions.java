package io.shoaldb.protocol.mysql;

import io.netty.handler.ssl.SslContext;
import io.shoaldb.protocol.mysql.auth.AuthPlugin;
import java.security.KeyPair;

/**
 * How the MySQL protocol server listens.
 *
 * @param bindAddress the address to listen on ("0.0.0.0" for all)
 * @param port the TCP port; 0 picks a free one, see {@link MySqlServer#port()}
 * @param maxConnections the most connections served at once; one more is refused with ERR 1040
 * @param maxAllowedPacket the largest command packet accepted, in bytes; larger ones get ERR 1153 and a close
 * @param tls the server's TLS context, or null when TLS is not offered
 * @param requireSecureTransport refuse logins that did not start TLS ({@code require_secure_transport})
 * @param defaultAuthPlugin the plugin the greeting announces ({@code default_authentication_plugin})
 * @param rsaKeys the key pair caching_sha2_password clients without TLS encrypt their password for, or null
 *     when they are refused instead
 */
public record MySqlServerOptions(String bindAddress, int port, int maxConnections, int maxAllowedPacket,
        SslContext tls, boolean requireSecureTransport, AuthPlugin defaultAuthPlugin, KeyPair rsaKeys) {
    public static final int DEFAULT_MAX_CONNECTIONS = 4096;
    public static final int DEFAULT_MAX_ALLOWED_PACKET = 64 * 1024 * 1024;

    public MySqlServerOptions {
        if (bindAddress == null || bindAddress.isBlank()) {
            throw new IllegalArgumentException("bindAddress is required");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535: " + port);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be positive: " + maxConnections);
        }
        if (maxAllowedPacket < 1024) {
            throw new IllegalArgumentException("maxAllowedPacket must be at least 1024 bytes: " + maxAllowedPacket);
        }
        if (requireSecureTransport && tls == null) {
            throw new IllegalArgumentException("require_secure_transport needs TLS (enable_ssl)");
        }
        if (defaultAuthPlugin == null) {
            throw new IllegalArgumentException("defaultAuthPlugin is required");
        }
    }

    /** Plain connections only. */
    public MySqlServerOptions(String bindAddress, int port, int maxConnections, int maxAllowedPacket) {
        this(bindAddress, port, maxConnections, maxAllowedPacket, null, false, AuthPlugin.MYSQL_NATIVE_PASSWORD, null);
    }

    /** The same, offering TLS with {@code context}. */
    public MySqlServerOptions withTls(SslContext context, boolean require) {
        return new MySqlServerOptions(bindAddress, port, maxConnections, maxAllowedPacket, context, require,
                defaultAuthPlugin, rsaKeys);
    }

    /** The same, announcing {@code plugin} and decrypting RSA-encrypted passwords with {@code keys} (may be null). */
    public MySqlServerOptions withAuthentication(AuthPlugin plugin, KeyPair keys) {
        return new MySqlServerOptions(bindAddress, port, maxConnections, maxAllowedPacket, tls, requireSecureTransport,
                plugin, keys);
    }

    public static MySqlServerOptions defaults(String bindAddress, int port) {
        return new MySqlServerOptions(bindAddress, port, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_ALLOWED_PACKET);
    }
}
