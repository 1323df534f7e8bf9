package io.shoaldb.protocol.mysql.auth;

import io.shoaldb.api.CredentialVersion;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.mysql.codec.Packet;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.protocol.mysql.result.MySqlType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;
import javax.net.ssl.SSLSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The authentication exchanges of one connection: the Handshake v10 greeting and the client's response at
 * connect, and COM_CHANGE_USER later. Two plugins are spoken:
 * <ul>
 * <li>mysql_native_password: one scrambled answer to the 20-byte nonce.
 * <li>caching_sha2_password, as MySQL 8: a SHA256 scramble checked against {@link Sha2PasswordCache} (fast
 * path, answered by fast_auth_success); on a miss, perform_full_authentication, after which the client sends
 * its password in clear over TLS, or without TLS asks for the RSA public key and sends the password encrypted.
 * </ul>
 * A client that names neither is switched to the default plugin. A caching_sha2_password client that misses the
 * cache on a connection without TLS while the default is native is switched to native: it then needs no RSA
 * key retrieval, which Connector/J forbids by default (allowPublicKeyRetrieval=false).
 * A COM_CHANGE_USER is always answered by an AuthSwitchRequest with a fresh nonce, since clients disagree on
 * which earlier nonce its first answer was computed with.
 */
public final class Login {
    private static final Logger LOG = LoggerFactory.getLogger(Login.class);
    private static final int PROTOCOL_VERSION = 10;
    private static final int AUTH_SWITCH_REQUEST = 0xFE;
    private static final int AUTH_MORE_DATA = 0x01;
    private static final int REQUEST_PUBLIC_KEY = 0x02;
    private static final int FAST_AUTH_SUCCESS = 0x03;
    private static final int PERFORM_FULL_AUTHENTICATION = 0x04;
    /** Doris's limit; a longer name cannot be an account and is refused before any hashing. */
    public static final int MAX_USER_NAME_LENGTH = 64;

    /** What the connection does next. */
    public sealed interface Step {
    }

    /** Send this packet and wait for the client's next one. */
    public record Reply(PayloadWriter packet) implements Step {
    }

    /**
     * Authentication passed; open the session.
     *
     * @param fastAuthSuccess caching_sha2_password's notice to send before the OK, or null
     * @param okInfo the info text of the OK that ends the exchange: empty, or {@link CertificateProof}'s
     */
    public record Authenticated(HandshakeResponse response, int capabilities, PayloadWriter fastAuthSuccess,
            String okInfo) implements Step {
    }

    /** Which client packet comes next. */
    private enum Expect {
        HANDSHAKE_RESPONSE,
        /** The answer to an AuthSwitchRequest to mysql_native_password. */
        NATIVE_SCRAMBLE,
        /** The answer to an AuthSwitchRequest to caching_sha2_password. */
        SHA2_SCRAMBLE,
        /** After perform_full_authentication: a clear password (TLS), a public key request or a ciphertext. */
        SHA2_PASSWORD,
        /** Nothing: authenticated, or refused. */
        NONE
    }

    private final AuthSettings settings;
    private final String remoteHost;
    private final Supplier<SSLSession> tls;
    /** What the greeting advertises: {@link Capabilities#SERVER}, plus SSL when TLS is offered. */
    private final int serverCapabilities;
    private boolean secure;
    private byte[] scramble = Scramble.next();
    /** The nonce of the greeting, which MariaDB's clients bind their certificate check to. */
    private final byte[] greetingScramble = scramble;
    private Expect expect = Expect.HANDSHAKE_RESPONSE;
    /** The connection's handshake response; COM_CHANGE_USER keeps its capabilities. */
    private HandshakeResponse handshake;
    /** Who is authenticating now: the handshake, or a COM_CHANGE_USER. */
    private HandshakeResponse response;
    private int capabilities;
    private boolean publicKeySent;

    /** @param tls the connection's TLS session once the handshake is done, else null */
    public Login(AuthSettings settings, String remoteHost, Supplier<SSLSession> tls) {
        this.settings = settings;
        this.remoteHost = remoteHost;
        this.tls = tls;
        this.serverCapabilities = Capabilities.SERVER | (settings.tlsOffered() ? Capabilities.SSL : 0);
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
                .nulString(settings.defaultPlugin().pluginName());
        return out;
    }

    /**
     * Handles the client's next connection-phase packet (or the next packet of a COM_CHANGE_USER exchange).
     *
     * @throws ShoalException when the client must be refused; the caller sends it as ERR and closes
     */
    public Step onPacket(Packet packet) {
        byte[] payload = packet.payload();
        Expect expected = expect;
        expect = Expect.NONE;
        return switch (expected) {
            case HANDSHAKE_RESPONSE -> onHandshakeResponse(payload);
            case NATIVE_SCRAMBLE -> verifyNative(payload);
            case SHA2_SCRAMBLE -> onSha2Scramble(payload, false);
            case SHA2_PASSWORD -> onSha2Password(payload);
            case NONE -> throw ErrorCode.PACKETS_OUT_OF_ORDER.exception();
        };
    }

    /**
     * Starts re-authentication for COM_CHANGE_USER: the named user must prove its password with the default
     * plugin, or with caching_sha2_password when the client named it and the connection has TLS (the same plugin
     * a fresh connection of this client would end up with).
     *
     * @param payload the command packet, starting with its command byte
     */
    public Step changeUser(byte[] payload) {
        expect = Expect.NONE;
        publicKeySent = false;
        try {
            response = HandshakeResponse.parseChangeUser(payload, handshake);
        } catch (ShoalException e) {
            throw badHandshake(e);
        }
        LOG.debug("Client {} changes user: {}", remoteHost, response);
        checkUserName();
        if (!Capabilities.has(capabilities, Capabilities.PLUGIN_AUTH)) {
            // An old client cannot be switched: its answer used the greeting's nonce.
            return verifyNative(response.authResponse());
        }
        AuthPlugin named = AuthPlugin.byName(response.authPlugin());
        return switchTo(named == AuthPlugin.CACHING_SHA2_PASSWORD && secure
                ? AuthPlugin.CACHING_SHA2_PASSWORD : settings.defaultPlugin());
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
        if (settings.requireSecureTransport() && !secure) {
            throw ErrorCode.INSECURE_TRANSPORT.exception();
        }
        try {
            handshake = HandshakeResponse.parse(payload);
        } catch (ShoalException e) {
            throw badHandshake(e);
        }
        response = handshake;
        capabilities = response.capabilities() & serverCapabilities;
        LOG.debug("Client {} connects: {}", remoteHost, response);
        checkUserName();
        String name = response.authPlugin();
        AuthPlugin named = name == null || name.isEmpty() ? AuthPlugin.MYSQL_NATIVE_PASSWORD : AuthPlugin.byName(name);
        if (named == null) {
            return switchTo(settings.defaultPlugin());
        }
        return switch (named) {
            case MYSQL_NATIVE_PASSWORD -> settings.defaultPlugin() == AuthPlugin.CACHING_SHA2_PASSWORD
                    ? switchTo(AuthPlugin.CACHING_SHA2_PASSWORD) : verifyNative(response.authResponse());
            case CACHING_SHA2_PASSWORD -> onSha2Scramble(response.authResponse(), true);
        };
    }

    private ShoalException badHandshake(ShoalException malformed) {
        LOG.debug("Bad handshake from {}: {}", remoteHost, malformed.getMessage());
        return ErrorCode.BAD_HANDSHAKE.exception();
    }

    private void checkUserName() {
        if (response.user().codePointCount(0, response.user().length()) > MAX_USER_NAME_LENGTH) {
            throw denied(response.authResponse().length > 0);
        }
    }

    /** An AuthSwitchRequest to {@code plugin} with a fresh nonce, which the client's answer must use. */
    private Step switchTo(AuthPlugin plugin) {
        if (!Capabilities.has(capabilities, Capabilities.PLUGIN_AUTH)) {
            throw ErrorCode.NOT_SUPPORTED_AUTH_MODE.exception();
        }
        scramble = Scramble.next();
        expect = plugin == AuthPlugin.MYSQL_NATIVE_PASSWORD ? Expect.NATIVE_SCRAMBLE : Expect.SHA2_SCRAMBLE;
        PayloadWriter out = new PayloadWriter(48);
        out.int1(AUTH_SWITCH_REQUEST).nulString(plugin.pluginName()).bytes(scramble).int1(0);
        return new Reply(out);
    }

    private Step verifyNative(byte[] authResponse) {
        if (!settings.authenticator().verifyNativePassword(response.user(), remoteHost, scramble.clone(),
                authResponse)) {
            throw denied(authResponse.length > 0);
        }
        String proof = secure ? CertificateProof.of(settings.authenticator(), response.user(), remoteHost,
                greetingScramble, tls.get()) : "";
        return new Authenticated(response, capabilities, null, proof);
    }

    /**
     * The caching_sha2_password scramble: an empty one stands for an empty password; otherwise the cache
     * decides between fast_auth_success and the full exchange.
     *
     * @param mayFallBackToNative the answer came with the handshake, so an AuthSwitchRequest may still follow
     */
    private Step onSha2Scramble(byte[] data, boolean mayFallBackToNative) {
        if (data.length == 0 || data.length == 1 && data[0] == 0) {
            if (!settings.authenticator().verifyPassword(response.user(), remoteHost, "")) {
                throw denied(false);
            }
            return authenticated(null);
        }
        if (data.length != Sha2PasswordCache.SCRAMBLE_LENGTH) {
            throw denied(true);
        }
        if (settings.authenticator() instanceof CredentialVersion version
                && settings.cache().matches(response.user(), remoteHost, scramble, data, version.credentialVersion())) {
            return authenticated(new PayloadWriter(2).int1(AUTH_MORE_DATA).int1(FAST_AUTH_SUCCESS));
        }
        if (!secure && mayFallBackToNative && settings.defaultPlugin() == AuthPlugin.MYSQL_NATIVE_PASSWORD) {
            return switchTo(AuthPlugin.MYSQL_NATIVE_PASSWORD);
        }
        expect = Expect.SHA2_PASSWORD;
        return new Reply(new PayloadWriter(2).int1(AUTH_MORE_DATA).int1(PERFORM_FULL_AUTHENTICATION));
    }

    /** After perform_full_authentication. */
    private Step onSha2Password(byte[] data) {
        if (secure) {
            // The clear password, NUL-terminated; TLS protects it.
            int length = data.length > 0 && data[data.length - 1] == 0 ? data.length - 1 : data.length;
            return verifyClear(new String(data, 0, length, StandardCharsets.UTF_8));
        }
        RsaPasswordCipher rsa = settings.rsa();
        if (rsa == null) {
            throw denied(true);
        }
        if (data.length == 1 && data[0] == REQUEST_PUBLIC_KEY && !publicKeySent) {
            // Once per login: a client asking again is stalling, and is denied below.
            publicKeySent = true;
            expect = Expect.SHA2_PASSWORD;
            return new Reply(new PayloadWriter(512).int1(AUTH_MORE_DATA).bytes(rsa.publicKeyPem()));
        }
        String password = rsa.decryptPassword(data, scramble);
        if (password == null) {
            throw denied(true);
        }
        return verifyClear(password);
    }

    private Step verifyClear(String password) {
        // The version is read before the check, so a password changed in between leaves a stale entry, not a
        // current one holding the old password.
        Long version = settings.authenticator() instanceof CredentialVersion versioned
                ? versioned.credentialVersion() : null;
        if (!settings.authenticator().verifyPassword(response.user(), remoteHost, password)) {
            throw denied(true);
        }
        if (version != null) {
            settings.cache().remember(response.user(), remoteHost, password, version);
        }
        return authenticated(null);
    }

    private Step authenticated(PayloadWriter fastAuthSuccess) {
        return new Authenticated(response, capabilities, fastAuthSuccess, "");
    }

    private ShoalException denied(boolean usingPassword) {
        return ErrorCode.ACCESS_DENIED.exception(response.user(), remoteHost, usingPassword ? "YES" : "NO");
    }
}
