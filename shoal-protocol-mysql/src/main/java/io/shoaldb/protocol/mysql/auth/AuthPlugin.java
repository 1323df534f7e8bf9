package io.shoaldb.protocol.mysql.auth;

/**
 * The authentication plugins the server speaks. A client that names another one (mysql_clear_password,
 * sha256_password, client_ed25519, ...) is switched to the server's default with an AuthSwitchRequest.
 */
public enum AuthPlugin {
    /** SHA1-based challenge-response; verified against SHA1(SHA1(password)) alone. */
    MYSQL_NATIVE_PASSWORD("mysql_native_password"),
    /** MySQL 8's default: a SHA256 challenge answered from a cache, else the password over TLS or RSA. */
    CACHING_SHA2_PASSWORD("caching_sha2_password");

    private final String pluginName;

    AuthPlugin(String pluginName) {
        this.pluginName = pluginName;
    }

    /** The name on the wire (greeting, HandshakeResponse, AuthSwitchRequest). */
    public String pluginName() {
        return pluginName;
    }

    /** The plugin called {@code name}, or null when the server does not speak it. */
    public static AuthPlugin byName(String name) {
        for (AuthPlugin plugin : values()) {
            if (plugin.pluginName.equals(name)) {
                return plugin;
            }
        }
        return null;
    }
}
