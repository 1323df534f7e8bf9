package io.shoaldb.protocol.mysql.auth;

/**
 * Capability flags. The server advertises only what it implements; the connection then works with the
 * intersection of these and the client's. SSL is added when the server offers TLS. Not advertised, on purpose:
 * LOCAL_FILES (no LOAD DATA LOCAL), COMPRESS, SESSION_TRACK and
 * QUERY_ATTRIBUTES. MULTI_STATEMENTS is implemented by splitting the query text (see the command package).
 */
public final class Capabilities {
    public static final int LONG_PASSWORD = 1;
    public static final int FOUND_ROWS = 1 << 1;
    public static final int LONG_FLAG = 1 << 2;
    public static final int CONNECT_WITH_DB = 1 << 3;
    public static final int LOCAL_FILES = 1 << 7;
    public static final int PROTOCOL_41 = 1 << 9;
    public static final int SSL = 1 << 11;
    public static final int TRANSACTIONS = 1 << 13;
    public static final int SECURE_CONNECTION = 1 << 15;
    public static final int MULTI_STATEMENTS = 1 << 16;
    public static final int MULTI_RESULTS = 1 << 17;
    public static final int PS_MULTI_RESULTS = 1 << 18;
    public static final int PLUGIN_AUTH = 1 << 19;
    public static final int CONNECT_ATTRS = 1 << 20;
    public static final int PLUGIN_AUTH_LENENC_CLIENT_DATA = 1 << 21;
    public static final int DEPRECATE_EOF = 1 << 24;

    /** What this server implements. LONG_PASSWORD doubles as MariaDB's "CLIENT_MYSQL" bit: we speak MySQL. */
    public static final int SERVER = LONG_PASSWORD | FOUND_ROWS | LONG_FLAG | CONNECT_WITH_DB | PROTOCOL_41
            | TRANSACTIONS | SECURE_CONNECTION | MULTI_STATEMENTS | MULTI_RESULTS | PS_MULTI_RESULTS | PLUGIN_AUTH
            | CONNECT_ATTRS
            | PLUGIN_AUTH_LENENC_CLIENT_DATA | DEPRECATE_EOF;

    private Capabilities() {
    }

    public static boolean has(int capabilities, int flag) {
        return (capabilities & flag) != 0;
    }
}
