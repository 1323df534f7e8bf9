package io.shoaldb.protocol.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.protocol.mysql.RawClient.Packet;
import io.shoaldb.protocol.mysql.TestSessions.TestSession;
import io.shoaldb.protocol.mysql.auth.AuthPlugin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Cipher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The authentication exchanges packet by packet: caching_sha2_password's fast path, full authentication over RSA
 * (both paddings), AuthSwitchRequests both ways, COM_CHANGE_USER, and broken or hostile answers at each step.
 * Two servers: one with caching_sha2_password as its default (and an RSA key), one with the native default.
 */
class AuthExchangeTest {
    static final String SHA2 = "caching_sha2_password";
    static final String NATIVE = "mysql_native_password";
    static final String OAEP = "RSA/ECB/OAEPWithSHA-1AndMGF1Padding";
    static final int COM_CHANGE_USER = 0x11;

    static ServerFixture sha2Server;
    static ServerFixture nativeServer;

    @BeforeAll
    static void start() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        sha2Server = new ServerFixture(MySqlServerOptions.defaults("127.0.0.1", 0)
                .withAuthentication(AuthPlugin.CACHING_SHA2_PASSWORD, generator.generateKeyPair()));
        nativeServer = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        sha2Server.close();
        nativeServer.close();
    }

    @BeforeEach
    void emptyCaches() {
        sha2Server.server.passwordCache().clear();
        nativeServer.server.passwordCache().clear();
    }

    static int sha2Port() {
        return sha2Server.server.port();
    }

    /** caching_sha2_password's scramble: SHA256(pw) XOR SHA256(SHA256(SHA256(pw)) + nonce). */
    static byte[] sha2Scramble(String password, byte[] nonce) throws GeneralSecurityException {
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        byte[] stage1 = sha256.digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] stage2 = sha256.digest(stage1);
        sha256.update(stage2);
        byte[] mask = sha256.digest(nonce);
        for (int i = 0; i < mask.length; i++) {
            mask[i] ^= stage1[i];
        }
        return mask;
    }

    /** The nonce of an AuthSwitchRequest for {@code plugin}, after checking its layout. */
    static byte[] switchNonce(Packet request, String plugin) {
        assertThat(request.header()).as("AuthSwitchRequest expected: %s", request).isEqualTo(0xFE);
        byte[] p = request.payload();
        String name = new String(p, 1, plugin.length(), StandardCharsets.US_ASCII);
        assertThat(name).isEqualTo(plugin);
        assertThat(p).hasSize(1 + plugin.length() + 1 + 20 + 1);
        assertThat(p[p.length - 1]).isZero();
        return Arrays.copyOfRange(p, plugin.length() + 2, plugin.length() + 22);
    }

    static void assertMoreData(Packet packet, int sequenceId, int status) {
        assertThat(packet.payload()).as("AuthMoreData %d expected: %s", status, packet)
                .containsExactly(0x01, status);
        assertThat(packet.sequenceId()).isEqualTo(sequenceId);
    }

    static PublicKey publicKey(Packet pemPacket) throws GeneralSecurityException {
        assertThat(pemPacket.header()).isEqualTo(0x01);
        String pem = new String(pemPacket.payload(), 1, pemPacket.payload().length - 1, StandardCharsets.US_ASCII);
        assertThat(pem).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("-----END PUBLIC KEY-----\n");
        String base64 = pem.replace("-----BEGIN PUBLIC KEY-----", "").replace("-----END PUBLIC KEY-----", "")
                .replace("\n", "");
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }

    /** What a client sends without TLS: (password + NUL) XOR the nonce, RSA-encrypted. */
    static byte[] encryptPassword(PublicKey key, String password, byte[] nonce, String transformation)
            throws GeneralSecurityException {
        byte[] plain = (password + "\0").getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < plain.length; i++) {
            plain[i] ^= nonce[i % nonce.length];
        }
        Cipher cipher = Cipher.getInstance(transformation);
        cipher.init(Cipher.ENCRYPT_MODE, key);
        return cipher.doFinal(plain);
    }

    /**
     * A first login on the caching_sha2_password server: handshake with the SHA256 scramble, a cache miss, the
     * public key, the encrypted password. Returns the client after the server's last packet (OK or ERR).
     */
    static Packet fullLogin(RawClient client, String user, String password, String transformation)
            throws IOException, GeneralSecurityException {
        client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, user,
                sha2Scramble(password, client.scramble()), null, SHA2));
        assertMoreData(client.read(), 2, 0x04);
        client.send(3, new byte[] {0x02});
        PublicKey key = publicKey(client.read());
        client.send(5, encryptPassword(key, password, client.scramble(), transformation));
        return client.read();
    }

    @Test
    void firstLoginIsFullAuthenticationOverRsaAndTheSecondTakesTheFastPath() throws Exception {
        try (RawClient client = RawClient.connect(sha2Port())) {
            assertThat(client.greeting.text()).endsWith("\0caching_sha2_password\0");
            Packet ok = fullLogin(client, "alice", "secret", OAEP);
            assertThat(ok.isOk()).as("%s", ok).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(6);
            client.assertAlive();
        }
        assertThat(sha2Server.server.passwordCache().size()).isEqualTo(1);
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                    sha2Scramble("secret", client.scramble()), "db", SHA2));
            assertMoreData(client.read(), 2, 0x03);
            Packet ok = client.read();
            assertThat(ok.isOk()).as("%s", ok).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(3);
            client.assertAlive();
        }
        assertThat(sha2Server.sessions.opened.getLast().user()).isEqualTo("alice");
        assertThat(sha2Server.sessions.opened.getLast().initialDatabase()).isEqualTo("db");

        // A password change (any change of the accounts) ends the fast path for what was cached before it.
        sha2Server.sessions.authenticator.version.incrementAndGet();
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                    sha2Scramble("secret", client.scramble()), null, SHA2));
            assertMoreData(client.read(), 2, 0x04);
        }
    }

    @Test
    void pkcs1PaddingIsAcceptedAsOlderServersUsedIt() throws Exception {
        try (RawClient client = RawClient.connect(sha2Port())) {
            assertThat(fullLogin(client, "alice", "secret", "RSA/ECB/PKCS1Padding").isOk()).isTrue();
        }
    }

    @Test
    void aWrongPasswordMissesTheFastPathAndIsDeniedAfterFullAuthentication() throws Exception {
        try (RawClient client = RawClient.connect(sha2Port())) {
            assertThat(fullLogin(client, "alice", "secret", OAEP).isOk()).isTrue();
        }
        try (RawClient client = RawClient.connect(sha2Port())) {
            Packet err = fullLogin(client, "alice", "wrong", OAEP);
            assertThat(err.errorNumber()).isEqualTo(1045);
            assertThat(err.errorMessage()).isEqualTo("Access denied for user 'alice'@'127.0.0.1' (using password: YES)");
            assertThat(client.closedByServer()).isTrue();
        }
        try (RawClient client = RawClient.connect(sha2Port())) {
            assertThat(fullLogin(client, "nobody", "secret", OAEP).errorNumber()).isEqualTo(1045);
        }
    }

    @Test
    void aNativeClientIsSwitchedToCachingSha2() throws Exception {
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", "secret", null, NATIVE));
            Packet request = client.read();
            assertThat(request.sequenceId()).isEqualTo(2);
            byte[] nonce = switchNonce(request, SHA2);
            assertThat(nonce).isNotEqualTo(client.scramble());
            client.send(3, sha2Scramble("secret", nonce));
            assertMoreData(client.read(), 4, 0x04);
            client.send(5, new byte[] {0x02});
            PublicKey key = publicKey(client.read());
            client.send(7, encryptPassword(key, "secret", nonce, OAEP));
            Packet ok = client.read();
            assertThat(ok.isOk()).as("%s", ok).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(8);
        }
    }

    @Test
    void anEmptyScrambleStandsForTheEmptyPassword() throws Exception {
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "root", new byte[0], null, SHA2));
            Packet ok = client.read();
            assertThat(ok.isOk()).as("%s", ok).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(2);
        }
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", new byte[0], null, SHA2));
            assertThat(client.read().errorMessage()).endsWith("(using password: NO)");
        }
    }

    @Test
    void brokenAnswersAreDeniedAndTheServerGoesOn() throws Exception {
        Random random = new Random(7);
        byte[] noise = new byte[256];
        random.nextBytes(noise);
        List<byte[]> badCipherTexts = List.of(noise, new byte[10], new byte[0], new byte[300]);
        for (byte[] bad : badCipherTexts) {
            try (RawClient client = RawClient.connect(sha2Port())) {
                client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                        sha2Scramble("secret", client.scramble()), null, SHA2));
                assertMoreData(client.read(), 2, 0x04);
                client.send(3, bad);
                assertThat(client.read().errorNumber()).as("%d bytes", bad.length).isEqualTo(1045);
                assertThat(client.closedByServer()).isTrue();
            }
        }
        // The public key once per login: asking again is denied.
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                    sha2Scramble("secret", client.scramble()), null, SHA2));
            client.read();
            client.send(3, new byte[] {0x02});
            publicKey(client.read());
            client.send(5, new byte[] {0x02});
            assertThat(client.read().errorNumber()).isEqualTo(1045);
        }
        // A ciphertext made for another connection's nonce (a replay) does not decrypt to a password here.
        byte[] captured;
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                    sha2Scramble("secret", client.scramble()), null, SHA2));
            client.read();
            client.send(3, new byte[] {0x02});
            captured = encryptPassword(publicKey(client.read()), "secret", client.scramble(), OAEP);
        }
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                    sha2Scramble("secret", client.scramble()), null, SHA2));
            client.read();
            client.send(3, captured);
            assertThat(client.read().errorNumber()).isEqualTo(1045);
        }
        // A scramble of the wrong length, an oversized one, an oversized user name.
        for (byte[] scramble : List.of(new byte[31], new byte[250])) {
            try (RawClient client = RawClient.connect(sha2Port())) {
                client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", scramble, null, SHA2));
                assertThat(client.read().errorNumber()).isEqualTo(1045);
            }
        }
        try (RawClient client = RawClient.connect(sha2Port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "u".repeat(65), "secret", null,
                    NATIVE));
            assertThat(client.read().errorNumber()).isEqualTo(1045);
        }
        // A bad answer to an AuthSwitchRequest.
        try (RawClient client = RawClient.connect(nativeServer.server.port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", "secret", null,
                    "client_ed25519"));
            switchNonce(client.read(), NATIVE);
            client.send(3, new byte[] {1, 2, 3, 4, 5});
            assertThat(client.read().errorNumber()).isEqualTo(1045);
        }
        try (RawClient client = RawClient.connect(sha2Port())) {
            assertThat(fullLogin(client, "alice", "secret", OAEP).isOk()).isTrue();
        }
    }

    /** COM_CHANGE_USER as Connector/J and libmysqlclient send it (secure connection, plugin auth). */
    static byte[] changeUser(String user, byte[] auth, String database, String plugin) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(COM_CHANGE_USER);
        b.writeBytes(user.getBytes(StandardCharsets.UTF_8));
        b.write(0);
        b.write(auth.length);
        b.writeBytes(auth);
        b.writeBytes(database.getBytes(StandardCharsets.UTF_8));
        b.write(0);
        b.write(45);
        b.write(0);
        b.writeBytes(plugin.getBytes(StandardCharsets.UTF_8));
        b.write(0);
        return b.toByteArray();
    }

    @Test
    void changeUserReauthenticatesAndStartsAFreshSession() throws Exception {
        try (RawClient client = RawClient.login(nativeServer.server.port())) {
            TestSession before = nativeServer.sessions.lastSession();
            client.send(0, changeUser("alice", TestSessions.scramblePassword("secret", client.scramble()), "db",
                    NATIVE));
            Packet request = client.read();
            assertThat(request.sequenceId()).isEqualTo(1);
            byte[] nonce = switchNonce(request, NATIVE);
            client.send(2, TestSessions.scramblePassword("secret", nonce));
            Packet ok = client.read();
            assertThat(ok.isOk()).as("%s", ok).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(3);
            client.assertAlive();
            assertThat(before.closes.get()).isEqualTo(1);
            TestSession after = nativeServer.sessions.lastSession();
            assertThat(after).isNotSameAs(before);
            assertThat(after.client.user()).isEqualTo("alice");
            assertThat(after.client.initialDatabase()).isEqualTo("db");
            assertThat(after.client.connectionId()).isEqualTo(before.client.connectionId());

            // A wrong password ends the connection, as its session is already gone.
            client.send(0, changeUser("root", new byte[20], "", NATIVE));
            client.send(2, TestSessions.scramblePassword("wrong", switchNonce(client.read(), NATIVE)));
            Packet err = client.read();
            assertThat(err.errorNumber()).isEqualTo(1045);
            assertThat(err.sequenceId()).isEqualTo(3);
            assertThat(client.closedByServer()).isTrue();
            ServerFixture.await(() -> after.closes.get() == 1, "the changed user's session to close");
        }
    }

    @Test
    void changeUserWithCachingSha2UsesTheCacheOrRsa() throws Exception {
        try (RawClient client = RawClient.connect(sha2Port())) {
            assertThat(fullLogin(client, "root", "", OAEP).isOk()).isTrue();
            client.send(0, changeUser("alice", new byte[32], "", SHA2));
            byte[] nonce = switchNonce(client.read(), SHA2);
            client.send(2, sha2Scramble("secret", nonce));
            assertMoreData(client.read(), 3, 0x04);
            client.send(4, new byte[] {0x02});
            PublicKey key = publicKey(client.read());
            client.send(6, encryptPassword(key, "secret", nonce, OAEP));
            assertThat(client.read().isOk()).isTrue();
            client.assertAlive();
            // alice is cached now: the next change is the fast path.
            client.send(0, changeUser("alice", new byte[32], "db", SHA2));
            nonce = switchNonce(client.read(), SHA2);
            client.send(2, sha2Scramble("secret", nonce));
            assertMoreData(client.read(), 3, 0x03);
            Packet ok = client.read();
            assertThat(ok.isOk()).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(4);
            client.assertAlive();
        }
    }

    @Test
    void truncatedChangeUserIsABadHandshake() throws Exception {
        byte[] full = changeUser("alice", new byte[20], "db", NATIVE);
        for (int length = 1; length < "alice".length() + 3; length++) {
            try (RawClient client = RawClient.login(nativeServer.server.port())) {
                client.send(0, Arrays.copyOf(full, length));
                Packet err = client.read();
                assertThat(err.errorNumber()).as("truncated to %d", length).isEqualTo(1043);
                assertThat(err.sqlState()).isEqualTo("08S01");
                assertThat(client.closedByServer()).isTrue();
            }
        }
        try (RawClient client = RawClient.login(nativeServer.server.port())) {
            client.assertAlive();
        }
    }

    @Test
    void aFloodOfWrongPasswordsIsDeniedOneByOneWhileOthersLogIn() throws Exception {
        int threads = 8;
        int attemptsEach = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            long started = System.nanoTime();
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                boolean rsa = t % 2 == 0;
                results.add(pool.submit(() -> {
                    int denied = 0;
                    for (int i = 0; i < attemptsEach; i++) {
                        try (RawClient client = RawClient.connect(sha2Port())) {
                            Packet reply;
                            if (rsa) {
                                reply = fullLogin(client, "alice", "wrong" + i, OAEP);
                            } else {
                                client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice",
                                        sha2Scramble("wrong", client.scramble()), null, SHA2));
                                client.read();
                                client.send(3, new byte[] {0x07});
                                reply = client.read();
                            }
                            if (reply.isErr() && reply.errorNumber() == 1045) {
                                denied++;
                            }
                        }
                    }
                    return denied;
                }));
            }
            try (RawClient meanwhile = RawClient.connect(sha2Port())) {
                assertThat(fullLogin(meanwhile, "alice", "secret", OAEP).isOk()).isTrue();
                meanwhile.assertAlive();
            }
            int denied = 0;
            for (Future<Integer> result : results) {
                denied += result.get();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            assertThat(denied).isEqualTo(threads * attemptsEach);
            System.out.printf("auth flood: %d wrong logins (half over RSA) denied in %.2f s, %.0f/s%n", denied,
                    seconds, denied / seconds);
        } finally {
            pool.shutdownNow();
        }
        ServerFixture.await(() -> sha2Server.server.openConnections() == 0, "every flood connection to close");
        try (RawClient client = RawClient.login(nativeServer.server.port())) {
            client.assertAlive();
        }
    }
}
