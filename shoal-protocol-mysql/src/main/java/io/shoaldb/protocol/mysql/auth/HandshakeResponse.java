package io.shoaldb.protocol.mysql.auth;

import io.shoaldb.protocol.mysql.codec.PayloadReader;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Protocol::HandshakeResponse41, as the client sends it after the greeting. Every field the client's flags
 * promise must be present; a response cut short fails as MALFORMED_PACKET.
 *
 * @param capabilities the client's flags
 * @param maxPacketSize the largest packet the client accepts
 * @param collation the collation the client asked for
 * @param user the user name
 * @param authResponse the scrambled password (empty for no password)
 * @param database the database named at connect, or null
 * @param authPlugin the plugin the response was computed with, or null when the client has no PLUGIN_AUTH
 * @param attributes connection attributes (CLIENT_CONNECT_ATTRS), possibly empty
 */
public record HandshakeResponse(int capabilities, long maxPacketSize, int collation, String user,
        byte[] authResponse, String database, String authPlugin, Map<String, String> attributes) {
    /** The SSLRequest a TLS client sends in place of the response is this short. */
    public static final int SSL_REQUEST_LENGTH = 32;

    public static HandshakeResponse parse(byte[] payload) {
        PayloadReader in = new PayloadReader(payload);
        int capabilities = (int) in.int4();
        long maxPacket = in.int4();
        int collation = in.int1();
        in.skip(23);
        String user = in.nulTerminatedString();
        byte[] auth;
        if (Capabilities.has(capabilities, Capabilities.PLUGIN_AUTH_LENENC_CLIENT_DATA)) {
            auth = in.lenencBytes();
        } else if (Capabilities.has(capabilities, Capabilities.SECURE_CONNECTION)) {
            auth = in.bytes(in.int1());
        } else {
            auth = in.nulTerminatedBytes();
        }
        String database = null;
        if (Capabilities.has(capabilities, Capabilities.CONNECT_WITH_DB)) {
            database = in.nulTerminatedString();
            if (database.isEmpty()) {
                database = null;
            }
        }
        String plugin = null;
        if (Capabilities.has(capabilities, Capabilities.PLUGIN_AUTH)) {
            plugin = in.nulTerminatedString();
        }
        Map<String, String> attributes = Map.of();
        if (Capabilities.has(capabilities, Capabilities.CONNECT_ATTRS)) {
            attributes = attributes(new PayloadReader(in.lenencBytes()));
        }
        return new HandshakeResponse(capabilities, maxPacket, collation, user, auth, database, plugin, attributes);
    }

    /**
     * COM_CHANGE_USER, which carries the same facts in another layout: the auth response always has a one-byte
     * length (with CLIENT_SECURE_CONNECTION), the database is always present, and the collation, plugin and
     * attributes follow only when the packet goes on. The connection's capabilities and max packet size stay
     * those of its handshake.
     *
     * @param payload the command packet, starting with its command byte
     * @param handshake the connection's handshake response
     */
    public static HandshakeResponse parseChangeUser(byte[] payload, HandshakeResponse handshake) {
        PayloadReader in = new PayloadReader(payload, 1);
        int capabilities = handshake.capabilities();
        String user = in.nulTerminatedString();
        byte[] auth = Capabilities.has(capabilities, Capabilities.SECURE_CONNECTION) ? in.bytes(in.int1())
                : in.nulTerminatedBytes();
        String database = in.nulTerminatedString();
        int collation = handshake.collation();
        String plugin = null;
        Map<String, String> attributes = Map.of();
        if (in.hasRemaining()) {
            collation = in.int2();
            if (Capabilities.has(capabilities, Capabilities.PLUGIN_AUTH)) {
                plugin = in.nulTerminatedString();
            }
            if (Capabilities.has(capabilities, Capabilities.CONNECT_ATTRS) && in.hasRemaining()) {
                attributes = attributes(new PayloadReader(in.lenencBytes()));
            }
        }
        return new HandshakeResponse(capabilities, handshake.maxPacketSize(), collation, user, auth,
                database.isEmpty() ? null : database, plugin, attributes);
    }

    private static Map<String, String> attributes(PayloadReader in) {
        Map<String, String> attributes = new LinkedHashMap<>();
        while (in.hasRemaining()) {
            attributes.put(in.lenencString(), in.lenencString());
        }
        return Collections.unmodifiableMap(attributes);
    }

    @Override
    public String toString() {
        return "HandshakeResponse[capabilities=0x" + Integer.toHexString(capabilities) + ", maxPacketSize="
                + maxPacketSize + ", collation=" + collation + ", user=" + user + ", authResponseLength="
                + authResponse.length + ", database=" + database + ", authPlugin=" + authPlugin + ", attributes="
                + attributes + "]";
    }
}
