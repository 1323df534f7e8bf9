package io.shoaldb.protocol.mysql.auth;

import io.shoaldb.api.Authenticator;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.mysql.codec.Packet;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.protocol.mysql.result.MySqlType;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection phase of one connection: the Handshake v10 greeting, the client's response, and at most one
 * AuthSwitchRequest. Only mysql_native_password is spoken; a client that starts with another plugin
 * (caching_sha2_password is the default of MySQL 8+ clients) is switched to it with a fresh scramble, since its
 * first answer was computed for a different algorithm.
 */
public final class Login {
    public static final String NATIVE_PASSWORD = "mysql_native_password";
    private static final Logger LOG = LoggerFactory.getLogger(Login.class);
    private static final int PROTOCOL_VERSION = 10;
    private static final int AUTH_SWITCH_REQUEST = 0xFE;

    /** What the connection does next. */
    public sealed interface Step {
    }

    /** Send this packet and wait for the client's next one. */
    public record Reply(PayloadWriter packet) implements Step {
    }

    /** Authentication passed; open the session. */
    public record Authenticated(HandshakeResponse response, int capabilities) implements Step {
    }

    private final Authenticator authenticator;
    private final String remoteHost;
    /** What the greeting advertises: {@link Capabilities#SERVER}, plus SSL when TLS is offered. */
    private final int serverCapabilities;
    private final boolean requireSecureTransport;
    private boolean secure;
    private byte[] scramble = Scramble.next();
    private HandshakeResponse response;
    private int capabilities;

    public Login(Authenticator authenticator, String remoteHost) {
        this(authenticator, remoteHost, false, false);
    }

    /**
     * @param tlsOffered the greeting advertises CLIENT_SSL
     * @param requireSecureTransport a client that has not started TLS is refused (3159)
     */
    public Login(Authenticator authenticator, String remoteHost, boolean tlsOffered, boolean requireSecureTransport) {
        this.authenticator = authenticator;
        this.remoteHost = remoteHost;
        this.serverCapabilities = Capabilities.SERVER | (tlsOffered ? Capabilities.SSL : 0);
        this.requireSecureTransport = requireSecureTransport;
    }

    /** The client sent an SSLRequest and the connection now speaks TLS; its handshake response comes next. */
    public void tlsStarted() {
        secure = true;
    }

    public PayloadWriter greeting(String serverVersion, long connectionId, int statusFlags) {
        PayloadWriter out = new PayloadWriter(128);
        out.int1(PROTOCOL_VERSION)
                .nulString(serverVersion)
                .int4(connectionId)
                .bytes(Arrays.copyOfRange(scramble, 0, 8))
                .int1(0)
                .int2(serverCapabilities & 0xFFFF)
                .int1(MySqlType.CHARSET_UTF8MB4)
                .int2(statusFlags)
                .int2(serverCapabilities >>> 16)
                .int1(Scramble.LENGTH + 1)
                .zeros(10)
                .bytes(Arrays.copyOfRange(scramble, 8, Scramble.LENGTH))
                .int1(0)
                .nulString(NATIVE_PASSWORD);
        return out;
    }

    /**
     * Handles the client's next connection-phase packet.
     *
     * @throws ShoalException when the client must be refused; the caller sends it as ERR and closes
     */
    public Step onPacket(Packet packet) {
        if (response == null) {
            return onHandshakeResponse(packet.payload());
        }
        return verify(packet.payload());
    }

    private Step onHandshakeResponse(byte[] payload) {
        if (payload.length == HandshakeResponse.SSL_REQUEST_LENGTH
                && Capabilities.has((payload[1] & 0xFF) << 8, Capabilities.SSL)) {
            throw ErrorCode.NOT_SUPPORTED.exception("TLS connections (connect with SSL disabled)");
        }
        if (payload.length >= 2 && !Capabilities.has((payload[0] & 0xFF) | (payload[1] & 0xFF) << 8,
                Capabilities.PROTOCOL_41)) {
            throw ErrorCode.NOT_SUPPORTED_AUTH_MODE.exception();
        }
        if (requireSecureTransport && !secure) {
            throw ErrorCode.INSECURE_TRANSPORT.exception();
        }
        response = HandshakeResponse.parse(payload);
        capabilities = response.capabilities() & serverCapabilities;
        LOG.debug("Client {} connects: {}", remoteHost, response);
        String plugin = response.authPlugin();
        if (plugin != null && !plugin.isEmpty() && !plugin.equals(NATIVE_PASSWORD)) {
            if (!Capabilities.has(capabilities, Capabilities.PLUGIN_AUTH)) {
                throw ErrorCode.NOT_SUPPORTED_AUTH_MODE.exception();
            }
            scramble = Scramble.next();
            PayloadWriter out = new PayloadWriter(48);
            out.int1(AUTH_SWITCH_REQUEST).nulString(NATIVE_PASSWORD).bytes(scramble).int1(0);
            return new Reply(out);
        }
        return verify(response.authResponse());
    }

    private Step verify(byte[] authResponse) {
        if (!authenticator.verifyNativePassword(response.user(), remoteHost, scramble.clone(), authResponse)) {
            throw ErrorCode.ACCESS_DENIED.exception(response.user(), remoteHost,
                    authResponse.length == 0 ? "NO" : "YES");
        }
        return new Authenticated(response, capabilities);
    }
}
