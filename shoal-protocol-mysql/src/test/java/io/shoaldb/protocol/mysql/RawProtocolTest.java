package io.shoaldb.protocol.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.api.UpdateResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.protocol.mysql.RawClient.Packet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class RawProtocolTest {
    static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
        assertThat(fixture.sessions.callsOffVirtualThreads).isEmpty();
    }

    static int port() {
        return fixture.server.port();
    }

    @Test
    void greetingAdvertisesWhatIsImplemented() throws IOException {
        try (RawClient client = RawClient.connect(port())) {
            byte[] g = client.greeting.payload();
            assertThat(client.greeting.sequenceId()).isZero();
            assertThat(g[0]).isEqualTo((byte) 10);
            String text = new String(g, StandardCharsets.ISO_8859_1);
            assertThat(text).startsWith("\n" + TestSessions.VERSION + "\0");
            int at = 1 + TestSessions.VERSION.length() + 1 + 4 + 8 + 1;
            int capabilities = (g[at] & 0xFF) | (g[at + 1] & 0xFF) << 8 | (g[at + 5] & 0xFF) << 16
                    | (g[at + 6] & 0xFF) << 24;
            assertThat(g[at + 2] & 0xFF).isEqualTo(45);
            assertThat(capabilities & RawClient.PROTOCOL_41).isNotZero();
            assertThat(capabilities & RawClient.DEPRECATE_EOF).isNotZero();
            assertThat(capabilities & RawClient.PLUGIN_AUTH).isNotZero();
            assertThat(capabilities & (1 << 11)).as("no SSL").isZero();
            assertThat(capabilities & (1 << 7)).as("no LOCAL_FILES").isZero();
            assertThat(capabilities & (1 << 5)).as("no COMPRESS").isZero();
            assertThat(g[at + 7] & 0xFF).isEqualTo(21);
            assertThat(text).endsWith("\0mysql_native_password\0");
            byte[] scramble = client.scramble();
            for (byte b : scramble) {
                assertThat(b).isBetween((byte) 0x21, (byte) 0x7E);
            }
        }
    }

    @Test
    void wrongPasswordIsAccessDeniedAndClosed() throws IOException {
        try (RawClient client = RawClient.connect(port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", "wrong", null,
                    "mysql_native_password"));
            Packet err = client.read();
            assertThat(err.errorNumber()).isEqualTo(1045);
            assertThat(err.sqlState()).isEqualTo("28000");
            assertThat(err.errorMessage()).isEqualTo("Access denied for user 'alice'@'127.0.0.1' (using password: YES)");
            assertThat(err.sequenceId()).isEqualTo(2);
            assertThat(client.closedByServer()).isTrue();
        }
        try (RawClient client = RawClient.connect(port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", "", null,
                    "mysql_native_password"));
            assertThat(client.read().errorMessage()).endsWith("(using password: NO)");
        }
    }

    @Test
    void otherPluginsAreSwitchedToNativePassword() throws IOException {
        try (RawClient client = RawClient.connect(port())) {
            byte[] first = client.scramble();
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "alice", "secret", "db",
                    "caching_sha2_password"));
            Packet switchRequest = client.read();
            assertThat(switchRequest.sequenceId()).isEqualTo(2);
            assertThat(switchRequest.header()).isEqualTo(0xFE);
            String body = new String(switchRequest.payload(), 1, switchRequest.payload().length - 1,
                    StandardCharsets.ISO_8859_1);
            assertThat(body).startsWith("mysql_native_password\0").endsWith("\0").hasSize(22 + 21);
            byte[] scramble = Arrays.copyOfRange(switchRequest.payload(), 23, 43);
            assertThat(scramble).isNotEqualTo(first);
            client.send(3, TestSessions.scramblePassword("secret", scramble));
            Packet ok = client.read();
            assertThat(ok.isOk()).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(4);
            client.assertAlive();
        }
        assertThat(fixture.sessions.opened.getLast().user()).isEqualTo("alice");
    }

    @Test
    void unknownInitialDatabaseIsRefused() throws IOException {
        try (RawClient client = RawClient.connect(port())) {
            client.send(1, client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "root", "", "nope",
                    "mysql_native_password"));
            Packet err = client.read();
            assertThat(err.errorNumber()).isEqualTo(1049);
            assertThat(err.errorMessage()).isEqualTo("Unknown database 'nope'");
            assertThat(client.closedByServer()).isTrue();
        }
    }

    @Test
    void tlsRequestIsRefused() throws IOException {
        try (RawClient client = RawClient.connect(port())) {
            byte[] sslRequest = new byte[32];
            sslRequest[1] = (byte) ((RawClient.PROTOCOL_41 | 1 << 11) >> 8);
            client.send(1, sslRequest);
            assertThat(client.read().errorNumber()).isEqualTo(1235);
            assertThat(client.closedByServer()).isTrue();
        }
    }

    @Test
    void resultSetWithDeprecateEofHasSequencedPackets() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            client.send(0, new byte[] {0x03, 'S', 'E', 'L', 'E', 'C', 'T', ' ', '1'});
            List<Packet> packets = readUntilEnd(client, 1);
            assertThat(packets).hasSize(4); // count, definition, row, OK(0xFE)
            for (int i = 0; i < packets.size(); i++) {
                assertThat(packets.get(i).sequenceId()).isEqualTo(i + 1);
            }
            assertThat(packets.getLast().header()).isEqualTo(0xFE);
            assertThat(packets.getLast().payload().length).isGreaterThanOrEqualTo(7);
            client.assertAlive();
        }
    }

    @Test
    void resultSetWithoutDeprecateEofHasClassicEofs() throws IOException {
        try (RawClient client = RawClient.login(port(), RawClient.DEFAULT_CAPABILITIES & ~RawClient.DEPRECATE_EOF)) {
            client.send(0, "\u0003SELECT 1".getBytes(StandardCharsets.UTF_8));
            List<Packet> packets = new ArrayList<>();
            do {
                packets.add(client.read());
            } while (packets.stream().filter(Packet::isEof).count() < 2);
            assertThat(packets).hasSize(5); // count, definition, EOF, row, EOF
            assertThat(packets.get(2).isEof()).isTrue();
            assertThat(packets.get(4).isEof()).isTrue();
            assertThat(packets.get(4).payload()).hasSize(5);
            assertThat(packets.get(4).sequenceId()).isEqualTo(5);
            Packet eof = client.command(0x1B, new byte[] {0, 0});
            assertThat(eof.isEof()).isTrue();
        }
    }

    /** Reads a result set: count, definitions, [EOF], rows, end. */
    static List<Packet> readUntilEnd(RawClient client, int columns) throws IOException {
        List<Packet> packets = new ArrayList<>();
        while (true) {
            Packet p = client.readJoined();
            packets.add(p);
            if (p.isErr()) {
                return packets;
            }
            if (p.header() == 0xFE && p.payload().length < 0xFFFFFF && packets.size() > 1 + columns) {
                return packets;
            }
        }
    }

    @Test
    void pipelinedCommandsAreAnsweredInOrder() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            ByteArrayOutputStream burst = new ByteArrayOutputStream();
            for (String sql : List.of("SELECT ROWS 3", "FAIL", "INSERT x", "SELECT 1")) {
                byte[] payload = ("\u0003" + sql).getBytes(StandardCharsets.UTF_8);
                burst.writeBytes(new byte[] {(byte) payload.length, 0, 0, 0});
                burst.writeBytes(payload);
            }
            client.sendRaw(burst.toByteArray());
            assertThat(readUntilEnd(client, 2)).hasSize(7);
            assertThat(client.read().errorNumber()).isEqualTo(1146);
            assertThat(client.read().isOk()).isTrue();
            assertThat(readUntilEnd(client, 1)).hasSize(4);
            client.assertAlive();
        }
    }

    private static void sendQueries(RawClient client, String... statements) throws IOException {
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (String sql : statements) {
            byte[] payload = ("\u0003" + sql).getBytes(StandardCharsets.UTF_8);
            burst.writeBytes(new byte[] {(byte) payload.length, 0, 0, 0});
            burst.writeBytes(payload);
        }
        client.sendRaw(burst.toByteArray());
    }

    @Test
    void aDeferredReplyIsWrittenWhenItsStatementEndsAndTheCommandsBehindItWait() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            TestSessions.TestSession session = fixture.sessions.lastSession();
            sendQueries(client, "DEFERRED one", "IMMEDIATE a", "SELECT 1");
            ServerFixture.await(() -> session.deferred.containsKey("DEFERRED one"), "the deferred statement");
            List<String> ranBeforeItEnded = List.copyOf(session.statements);
            session.deferred.get("DEFERRED one").complete(new UpdateResult(1, 0, "{'status':'PREPARE'}"));

            Packet ok = client.read();
            assertThat(ok.isOk()).as("the deferred statement is answered first: %s", ok).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(1);
            assertThat(ok.text()).endsWith("{'status':'PREPARE'}");
            assertThat(readUntilEnd(client, 1).get(2).text()).contains("IMMEDIATE a");
            assertThat(readUntilEnd(client, 1)).hasSize(4);
            client.assertAlive();
            assertThat(ranBeforeItEnded).containsExactly("DEFERRED one");
            assertThat(session.statements).containsExactly("DEFERRED one", "IMMEDIATE a", "SELECT 1");
        }
    }

    @Test
    void aDeferredStatementsFailureIsItsErrAndTheConnectionGoesOn() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            TestSessions.TestSession session = fixture.sessions.lastSession();
            sendQueries(client, "DEFERRED fails");
            ServerFixture.await(() -> session.deferred.containsKey("DEFERRED fails"), "the deferred statement");
            session.deferred.get("DEFERRED fails").completeExceptionally(ErrorCode.NO_SUCH_TABLE.exception("db", "gone"));
            Packet err = client.read();
            assertThat(err.errorNumber()).isEqualTo(1146);
            assertThat(err.sequenceId()).isEqualTo(1);
            sendQueries(client, "SELECT 1");
            assertThat(readUntilEnd(client, 1)).hasSize(4);
            client.assertAlive();
        }
    }

    @Test
    void aClientHangingUpOnADeferredStatementClosesItsSessionOnceTheStatementEnds() throws IOException {
        TestSessions.TestSession session;
        try (RawClient client = RawClient.login(port())) {
            session = fixture.sessions.lastSession();
            sendQueries(client, "DEFERRED abandoned");
            TestSessions.TestSession s = session;
            ServerFixture.await(() -> s.deferred.containsKey("DEFERRED abandoned"), "the deferred statement");
        }
        TestSessions.TestSession s = session;
        ServerFixture.await(() -> s.aborted, "the abort");
        assertThat(session.closes.get()).as("not closed under its running statement").isZero();
        session.deferred.get("DEFERRED abandoned").complete(new UpdateResult(1, 0, ""));
        ServerFixture.await(() -> s.closes.get() == 1, "session close");
        assertThat(session.closes.get()).isEqualTo(1);
    }

    @Test
    void statementsAnsweredImmediatelyRunOnTheEventLoop() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            TestSessions.TestSession session = fixture.sessions.lastSession();
            Packet first = client.query("IMMEDIATE one");
            assertThat(first.sequenceId()).isEqualTo(1);
            List<Packet> rest = readUntilEnd(client, 1);
            assertThat(rest).hasSize(3); // definition, row, end
            assertThat(rest.get(1).text()).contains("IMMEDIATE one");
            assertThat(rest.getLast().sequenceId()).isEqualTo(4);
            Packet err = client.query("IMMEDIATE FAIL");
            assertThat(err.errorNumber()).isEqualTo(1146);
            assertThat(err.sequenceId()).isEqualTo(1);
            client.assertAlive();
            assertThat(session.immediate).containsExactly("IMMEDIATE one on a platform thread",
                    "IMMEDIATE FAIL on a platform thread");
        }
    }

    @Test
    void immediateStatementsBehindARunningCommandWaitTheirTurn() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            TestSessions.TestSession session = fixture.sessions.lastSession();
            ByteArrayOutputStream burst = new ByteArrayOutputStream();
            for (String sql : List.of("INSERT x", "IMMEDIATE a", "SELECT ROWS 2", "IMMEDIATE FAIL", "IMMEDIATE b")) {
                byte[] payload = ("\u0003" + sql).getBytes(StandardCharsets.UTF_8);
                burst.writeBytes(new byte[] {(byte) payload.length, 0, 0, 0});
                burst.writeBytes(payload);
            }
            client.sendRaw(burst.toByteArray());
            assertThat(client.read().isOk()).isTrue();
            assertThat(readUntilEnd(client, 1).get(2).text()).contains("IMMEDIATE a");
            assertThat(readUntilEnd(client, 2)).hasSize(6);
            assertThat(client.read().errorNumber()).isEqualTo(1146);
            assertThat(readUntilEnd(client, 1).get(2).text()).contains("IMMEDIATE b");
            client.assertAlive();
            assertThat(session.statements).containsSubsequence("INSERT x", "IMMEDIATE a", "SELECT ROWS 2",
                    "IMMEDIATE FAIL", "IMMEDIATE b");
        }
    }

    @Test
    void multiStatementsAnswerEachWithMoreResultsFlags() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            assertThat(client.command(0x1B, new byte[] {0, 0}).header()).isEqualTo(0xFE);
            client.send(0, "\u0003INSERT a; SELECT 1; FAIL; INSERT never".getBytes(StandardCharsets.UTF_8));
            Packet first = client.read();
            assertThat(first.isOk()).isTrue();
            assertThat(first.payload()[3] & 0x08).as("MORE_RESULTS_EXISTS").isNotZero();
            List<Packet> select = readUntilEnd(client, 1);
            assertThat(select.getLast().payload()[3] & 0x08).isNotZero();
            assertThat(client.read().errorNumber()).isEqualTo(1146);
            client.assertAlive();
            assertThat(fixture.sessions.lastSession().statements).doesNotContain("INSERT never");
            // Off again: the text goes to the session whole.
            assertThat(client.command(0x1B, new byte[] {1, 0}).header()).isEqualTo(0xFE);
            Packet whole = client.query("INSERT a; INSERT b");
            assertThat(whole.isOk()).isTrue();
            assertThat(whole.payload()[3] & 0x08).isZero();
        }
    }

    @Test
    void okCarriesInfoWarningsAndStatus() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            Packet ok = client.query("INSERT INTO t VALUES (1)");
            assertThat(ok.isOk()).isTrue();
            byte[] p = ok.payload();
            assertThat(p[1]).isEqualTo((byte) 1); // affected rows
            assertThat(p[2]).isEqualTo((byte) 0); // last insert id
            assertThat(p[3] & 0x02).isNotZero(); // autocommit
            assertThat(p[5]).isEqualTo((byte) 1); // warnings
            assertThat(p[7] & 0xFF).isEqualTo(p.length - 8);
            assertThat(new String(p, 8, p.length - 8, StandardCharsets.UTF_8))
                    .isEqualTo("{'label':'shoal_1', 'status':'VISIBLE', 'txnId':'7'}");
            Packet begin = client.query("BEGIN");
            assertThat(begin.payload()[3] & 0x01).as("IN_TRANS").isNotZero();
            Packet commit = client.query("COMMIT");
            assertThat(commit.payload()[3] & 0x01).isZero();
        }
    }

    @Test
    void statementErrorsKeepTheConnection() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            Packet err = client.query("FAIL");
            assertThat(err.errorNumber()).isEqualTo(1146);
            assertThat(err.sqlState()).isEqualTo("42S02");
            assertThat(err.errorMessage()).isEqualTo("Table 'db.missing' doesn't exist");
            assertThat(err.sequenceId()).isEqualTo(1);
            Packet internal = client.query("BOOM");
            assertThat(internal.errorNumber()).isEqualTo(1105);
            assertThat(internal.errorMessage()).startsWith("Internal error: java.lang.IllegalStateException: boom");
            client.assertAlive();
            assertThat(client.command(0x99, new byte[0]).errorNumber()).isEqualTo(1047);
            client.assertAlive();
            client.send(0, new byte[0]);
            assertThat(client.read().errorNumber()).isEqualTo(1835);
            client.assertAlive();
        }
    }

    @Test
    void errorInTheMiddleOfAResultSet() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            List<Packet> packets;
            client.send(0, "\u0003MIDFAIL".getBytes(StandardCharsets.UTF_8));
            packets = readUntilEnd(client, 1);
            assertThat(packets).hasSize(4); // count, definition, one row, ERR
            assertThat(packets.getLast().errorNumber()).isEqualTo(1365);
            assertThat(packets.getLast().sequenceId()).isEqualTo(4);
            client.assertAlive();
        }
    }

    @Test
    void simpleCommands() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            assertThat(client.command(0x02, "db".getBytes(StandardCharsets.UTF_8)).isOk()).isTrue();
            assertThat(fixture.sessions.lastSession().database).isEqualTo("db");
            assertThat(client.command(0x02, "nope".getBytes(StandardCharsets.UTF_8)).errorNumber()).isEqualTo(1049);

            Packet stats = client.command(0x08, new byte[0]);
            assertThat(stats.text()).startsWith("Uptime: ");

            client.send(0, RawClient.concat(new byte[] {0x04}, "t\0".getBytes(StandardCharsets.UTF_8)));
            for (int i = 0; i < 3; i++) {
                Packet definition = client.read();
                assertThat(definition.sequenceId()).isEqualTo(i + 1);
                assertThat(definition.payload()[definition.payload().length - 1] & 0xFF).isEqualTo(0xFB);
            }
            assertThat(client.read().header()).isEqualTo(0xFE);
            assertThat(client.command(0x04, "x\0".getBytes(StandardCharsets.UTF_8)).errorNumber()).isEqualTo(1146);

            assertThat(client.command(0x1B, new byte[] {1, 0}).header()).isEqualTo(0xFE);
            assertThat(client.command(0x1B, new byte[] {9, 0}).isErr()).isTrue();

            assertThat(client.command(0x1F, new byte[0]).isOk()).isTrue();
            assertThat(fixture.sessions.lastSession().resets.get()).isEqualTo(1);
            client.assertAlive();
        }
    }

    @Test
    void quitClosesTheSessionOnce() throws IOException {
        TestSessions.TestSession session;
        try (RawClient client = RawClient.login(port())) {
            session = fixture.sessions.lastSession();
            client.send(0, new byte[] {0x01});
            assertThat(client.closedByServer()).isTrue();
        }
        ServerFixture.await(() -> session.closes.get() == 1, "session close");
        assertThat(session.closes.get()).isEqualTo(1);
    }

    @Test
    void disconnectClosesTheSessionOnce() throws IOException {
        TestSessions.TestSession session;
        try (RawClient client = RawClient.login(port())) {
            session = fixture.sessions.lastSession();
            client.assertAlive();
        }
        ServerFixture.await(() -> session.closes.get() == 1, "session close");
        assertThat(session.closes.get()).isEqualTo(1);
    }

    @Test
    void commandSequenceMustStartAtZero() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            client.send(5, new byte[] {0x0E});
            Packet err = client.read();
            assertThat(err.errorNumber()).isEqualTo(1156);
            assertThat(client.closedByServer()).isTrue();
        }
        try (RawClient client = RawClient.login(port())) {
            client.assertAlive();
        }
    }

    @Test
    void multiPacketQueryAndResultAreJoined() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            for (int size : new int[] {0xFFFFFF, 0xFFFFFF - 1, 0xFFFFFF + 1000, 2 * 0xFFFFFF}) {
                byte[] sql = new byte[size];
                Arrays.fill(sql, (byte) 'x');
                byte[] prefix = "LENGTH ".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(prefix, 0, sql, 1, prefix.length);
                sql[0] = 0x03;
                client.sendSplit(0, sql);
                List<Packet> packets = readUntilEnd(client, 1);
                assertThat(packets).hasSize(4);
                Packet row = packets.get(2);
                String length = new String(row.payload(), 1, row.payload()[0], StandardCharsets.US_ASCII);
                assertThat(Long.parseLong(length)).as("size %d", size).isEqualTo(size - 1);
            }
            // A row of more than 16 MiB comes back split and joins to the whole value.
            byte[] sql = new byte[0xFFFFFF + 10];
            Arrays.fill(sql, (byte) 'y');
            byte[] prefix = "\u0003SELECT ECHO ".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(prefix, 0, sql, 0, prefix.length);
            client.sendSplit(0, sql);
            List<Packet> packets = readUntilEnd(client, 1);
            Packet row = packets.get(2);
            assertThat(row.payload().length).isEqualTo(9 + sql.length - 1); // 0xFE + 8-byte length, the text
            assertThat(packets.getLast().sequenceId()).isEqualTo(6); // query 0+1; count 2, def 3, row 4+5, end 6
            client.assertAlive();
        }
    }

    @Test
    void oversizePacketIsRefusedAndClosed() throws IOException {
        try (ServerFixture small = new ServerFixture(new MySqlServerOptions("127.0.0.1", 0, 10, 4096))) {
            try (RawClient client = RawClient.login(small.server.port())) {
                client.sendRaw(new byte[] {(byte) 0x00, (byte) 0x10, 0x00, 0x00, 0x03}); // 4096 bytes: allowed
                client.sendRaw(new byte[4095]);
                assertThat(client.read().errorNumber()).isEqualTo(1064);
                client.sendRaw(new byte[] {(byte) 0x01, (byte) 0x10, 0x00, 0x00, 0x03}); // 4097 bytes: too large
                Packet err = client.read();
                assertThat(err.errorNumber()).isEqualTo(1153);
                assertThat(err.sqlState()).isEqualTo("08S01");
                assertThat(client.closedByServer()).isTrue();
            }
            try (RawClient client = RawClient.login(small.server.port())) {
                client.assertAlive();
            }
            ServerFixture.await(() -> small.server.openConnections() == 0, "connections closed");
        }
    }

    @Test
    void beforeLoginOnlyASmallPacketIsAccepted() throws IOException {
        try (RawClient client = RawClient.connect(port())) {
            // a 64 KiB handshake response is refused by its header: the server never buffers it
            client.sendRaw(new byte[] {0x00, 0x00, 0x01, 0x01});
            Packet err = client.read();
            assertThat(err.errorNumber()).isEqualTo(1153);
            assertThat(err.sqlState()).isEqualTo("08S01");
            assertThat(err.errorMessage()).isEqualTo(
                    "Got a packet bigger than 16384 bytes before login; max_allowed_packet applies only after login");
            assertThat(client.closedByServer()).isTrue();
        }
        try (RawClient client = RawClient.login(port())) {
            // after login max_allowed_packet applies: a 64 KiB statement is a statement
            byte[] sql = new byte[64 * 1024];
            Arrays.fill(sql, (byte) ' ');
            byte[] select = "\u0003SELECT 1".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(select, 0, sql, 0, select.length);
            client.send(0, sql);
            assertThat(readUntilEnd(client, 1).getFirst().isErr()).isFalse();
            client.assertAlive();
        }
    }

    @Test
    void lengthBeyondTheDataThenHangUp() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            client.sendRaw(new byte[] {(byte) 0xFF, 0x00, 0x00, 0x00, 0x03, 'S'});
            client.socket.shutdownOutput();
            assertThat(client.closedByServer()).isTrue();
        }
        try (RawClient client = RawClient.login(port())) {
            client.assertAlive();
        }
    }

    @Test
    void randomBytesNeverBreakTheServer() throws IOException {
        Random random = new Random(42);
        for (int i = 0; i < 60; i++) {
            boolean afterLogin = i % 2 == 0;
            try (RawClient client = afterLogin ? RawClient.login(port()) : RawClient.connect(port())) {
                byte[] junk = new byte[1 + random.nextInt(300)];
                random.nextBytes(junk);
                client.sendRaw(junk);
                client.socket.shutdownOutput();
                assertThat(client.closedByServer()).isTrue();
            }
        }
        try (RawClient client = RawClient.login(port())) {
            client.assertAlive();
        }
    }

    @Test
    void everyTruncationOfTheHandshakeResponseIsRefused() throws IOException {
        byte[] full;
        try (RawClient client = RawClient.connect(port())) {
            full = client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "root", "", "db", "mysql_native_password");
        }
        for (int length = 0; length < full.length; length++) {
            try (RawClient client = RawClient.connect(port())) {
                byte[] response = client.handshakeResponse(RawClient.DEFAULT_CAPABILITIES, "root", "", "db",
                        "mysql_native_password");
                client.send(1, Arrays.copyOf(response, length));
                Packet reply = client.read();
                assertThat(reply.isErr()).as("truncated to %d: %s", length, reply).isTrue();
                assertThat(reply.errorNumber()).as("truncated to %d", length).isIn(1043, 1251);
                assertThat(client.closedByServer()).isTrue();
            }
        }
        try (RawClient client = RawClient.login(port())) {
            client.assertAlive();
        }
    }

    // ---- prepared statements over the raw protocol

    static int prepare(RawClient client, String sql, int parameters) throws IOException {
        Packet ok = client.command(0x16, sql.getBytes(StandardCharsets.UTF_8));
        assertThat(ok.isOk()).as("prepare reply %s", ok).isTrue();
        byte[] p = ok.payload();
        int id = (p[1] & 0xFF) | (p[2] & 0xFF) << 8 | (p[3] & 0xFF) << 16 | (p[4] & 0xFF) << 24;
        int columns = (p[5] & 0xFF) | (p[6] & 0xFF) << 8;
        assertThat((p[7] & 0xFF) | (p[8] & 0xFF) << 8).isEqualTo(parameters);
        for (int i = 0; i < parameters + columns; i++) {
            Packet definition = client.read();
            assertThat(definition.sequenceId()).isEqualTo(i + 2);
        }
        return id;
    }

    /** A parameter: type code, unsigned flag and encoded value (null for SQL NULL). */
    record Param(int type, boolean unsigned, byte[] value) {
    }

    static byte[] execute(int statementId, List<Param> params, boolean bindTypes) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x17);
        RawClient.writeInt(b, statementId, 4);
        b.write(0);
        RawClient.writeInt(b, 1, 4);
        if (!params.isEmpty()) {
            byte[] nulls = new byte[(params.size() + 7) / 8];
            for (int i = 0; i < params.size(); i++) {
                if (params.get(i).value() == null) {
                    nulls[i / 8] |= (byte) (1 << (i % 8));
                }
            }
            b.writeBytes(nulls);
            b.write(bindTypes ? 1 : 0);
            if (bindTypes) {
                for (Param p : params) {
                    b.write(p.type());
                    b.write(p.unsigned() ? 0x80 : 0);
                }
            }
            for (Param p : params) {
                if (p.value() != null) {
                    b.writeBytes(p.value());
                }
            }
        }
        return b.toByteArray();
    }

    static byte[] le(long value, int bytes) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        RawClient.writeInt(b, value, bytes);
        return b.toByteArray();
    }

    static byte[] lenencString(String value) {
        return RawClient.lenenc(value);
    }

    static final List<Param> EVERY_TYPE = List.of(
            new Param(1, false, le(-1, 1)),                         // TINY -1
            new Param(1, true, le(255, 1)),                          // TINY UNSIGNED 255
            new Param(2, false, le(-2, 2)),                          // SHORT
            new Param(3, false, le(-3, 4)),                          // LONG
            new Param(3, true, le(0xFFFFFFFFL, 4)),                  // LONG UNSIGNED
            new Param(8, false, le(Long.MIN_VALUE, 8)),              // LONGLONG
            new Param(8, true, le(-1, 8)),                           // LONGLONG UNSIGNED max
            new Param(4, false, le(Float.floatToIntBits(2.5f), 4)),  // FLOAT
            new Param(5, false, le(Double.doubleToLongBits(-0.25), 8)), // DOUBLE
            new Param(246, false, lenencString("-1.50")),            // NEWDECIMAL
            new Param(253, false, lenencString("välue")),            // VAR_STRING
            new Param(254, false, lenencString("str")),              // STRING
            new Param(15, false, lenencString("vc")),                // VARCHAR
            new Param(252, false, lenencString("blob")),             // BLOB
            new Param(245, false, lenencString("{}")),               // JSON
            new Param(10, false, new byte[] {4, (byte) 0xE8, 0x07, 2, 29}),  // DATE 2024-02-29
            new Param(10, false, new byte[] {0}),                    // DATE zero
            new Param(12, false, new byte[] {4, (byte) 0xE8, 0x07, 2, 29}),  // DATETIME date only
            new Param(12, false, new byte[] {7, (byte) 0xE8, 0x07, 2, 29, 13, 14, 15}),
            new Param(7, false, new byte[] {11, (byte) 0xE8, 0x07, 2, 29, 13, 14, 15, 0x40, (byte) 0xE2, 0x01, 0}),
            new Param(11, false, new byte[] {0}),                    // TIME zero
            new Param(11, false, new byte[] {8, 1, 1, 0, 0, 0, 2, 3, 4}),    // TIME -(1 day 02:03:04)
            new Param(11, false, new byte[] {12, 0, 0, 0, 0, 0, 2, 3, 4, 5, 0, 0, 0}),
            new Param(6, false, null),                               // NULL type
            new Param(253, false, null));                            // NULL value

    static final List<Object> EVERY_TYPE_DECODED = Arrays.asList(
            -1L, 255L, -2L, -3L, 4294967295L, Long.MIN_VALUE, new BigInteger("18446744073709551615"),
            2.5f, -0.25, new BigDecimal("-1.50"), "välue", "str", "vc", "blob".getBytes(StandardCharsets.UTF_8), "{}",
            LocalDate.of(2024, 2, 29), "0000-00-00", LocalDateTime.of(2024, 2, 29, 0, 0),
            LocalDateTime.of(2024, 2, 29, 13, 14, 15), LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123456000),
            Duration.ZERO, Duration.ofDays(1).plusHours(2).plusMinutes(3).plusSeconds(4).negated(),
            Duration.ofHours(2).plusMinutes(3).plusSeconds(4).plusNanos(5000), null, null);

    static String placeholders(int count) {
        return "SELECT ECHO " + String.join(",", java.util.Collections.nCopies(count, "?"));
    }

    @Test
    void everyParameterTypeDecodes() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            int id = prepare(client, placeholders(EVERY_TYPE.size()), EVERY_TYPE.size());
            client.send(0, execute(id, EVERY_TYPE, true));
            List<Packet> packets = readUntilEnd(client, EVERY_TYPE.size());
            assertThat(packets.getLast().isErr()).as("%s", packets.getLast()).isFalse();
            assertThat(packets.get(packets.size() - 2).header()).as("binary row").isEqualTo(0x00);
            assertDecoded(fixture.sessions.lastSession().lastParameters);

            // Types are remembered when the next execution does not rebind them.
            client.send(0, execute(id, EVERY_TYPE, false));
            assertThat(readUntilEnd(client, EVERY_TYPE.size()).getLast().isErr()).isFalse();
            assertDecoded(fixture.sessions.lastSession().lastParameters);
        }
    }

    private static void assertDecoded(List<Object> actual) {
        assertThat(actual).hasSize(EVERY_TYPE_DECODED.size());
        for (int i = 0; i < actual.size(); i++) {
            Object expected = EVERY_TYPE_DECODED.get(i);
            assertThat(actual.get(i)).as("parameter %d", i).isEqualTo(expected);
            if (expected != null) {
                assertThat(actual.get(i)).as("parameter %d", i).isInstanceOf(expected.getClass());
            }
        }
    }

    @Test
    void everyTruncationOfAnExecuteIsMalformedButTheConnectionLives() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            int id = prepare(client, placeholders(EVERY_TYPE.size()), EVERY_TYPE.size());
            byte[] full = execute(id, EVERY_TYPE, true);
            for (int length = 1; length < full.length; length++) {
                client.send(0, Arrays.copyOf(full, length));
                Packet reply = client.read();
                assertThat(reply.isErr()).as("truncated to %d: %s", length, reply).isTrue();
                assertThat(reply.errorNumber()).as("truncated to %d", length).isEqualTo(1835);
                assertThat(reply.sequenceId()).isEqualTo(1);
            }
            client.assertAlive();
            client.send(0, full);
            assertThat(readUntilEnd(client, EVERY_TYPE.size()).getLast().isErr()).isFalse();
        }
    }

    @Test
    void badExecutePackets() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            int id = prepare(client, placeholders(10), 10);
            // A NULL bitmap of one byte where ten parameters need two.
            byte[] shortBitmap = RawClient.concat(new byte[] {0x17}, le(id, 4), new byte[] {0}, le(1, 4),
                    new byte[] {0});
            assertThat(client.command(0x17, Arrays.copyOfRange(shortBitmap, 1, shortBitmap.length)).errorNumber())
                    .isEqualTo(1835);
            // A length-encoded string that claims 65535 bytes and has three.
            int one = prepare(client, placeholders(1), 1);
            byte[] lenencPastEnd = RawClient.concat(le(one, 4), new byte[] {0}, le(1, 4), new byte[] {0, 1, (byte) 253,
                    0, (byte) 0xFC, (byte) 0xFF, (byte) 0xFF, 'a', 'b', 'c'});
            Packet err = client.command(0x17, lenencPastEnd);
            assertThat(err.errorNumber()).isEqualTo(1835);
            assertThat(err.errorMessage()).contains("runs past the end");
            // Never bound types.
            assertThat(client.command(0x17, RawClient.concat(le(one, 4), new byte[] {0}, le(1, 4), new byte[] {0, 0}))
                    .errorNumber()).isEqualTo(1835);
            // Unknown type, bad date length, invalid date.
            assertThat(client.command(0x17, RawClient.concat(le(one, 4), new byte[] {0}, le(1, 4),
                    new byte[] {0, 1, 100, 0, 1})).errorNumber()).isEqualTo(1835);
            assertThat(client.command(0x17, RawClient.concat(le(one, 4), new byte[] {0}, le(1, 4),
                    new byte[] {0, 1, 12, 0, 5, 1, 2, 3, 4, 5})).errorNumber()).isEqualTo(1835);
            assertThat(client.command(0x17, RawClient.concat(le(one, 4), new byte[] {0}, le(1, 4),
                    new byte[] {0, 1, 10, 0, 4, (byte) 0xE8, 0x07, 13, 1})).errorNumber()).isEqualTo(1210);
            // Unknown statement.
            assertThat(client.command(0x17, RawClient.concat(le(9999, 4), new byte[] {0}, le(1, 4))).errorNumber())
                    .isEqualTo(1243);
            assertThat(client.command(0x1A, le(9999, 4)).errorNumber()).isEqualTo(1243);
            client.assertAlive();
        }
    }

    @Test
    void longDataResetAndClose() throws IOException {
        try (RawClient client = RawClient.login(port())) {
            int id = prepare(client, placeholders(2), 2);
            List<Param> params = List.of(new Param(252, false, new byte[0]), new Param(253, false, new byte[0]));
            // COM_STMT_SEND_LONG_DATA has no reply: the ping right after must get the first reply.
            client.send(0, RawClient.concat(new byte[] {0x18}, le(id, 4), le(0, 2), new byte[] {1, 2}));
            client.send(0, RawClient.concat(new byte[] {0x18}, le(id, 4), le(0, 2), new byte[] {3}));
            client.send(0, RawClient.concat(new byte[] {0x18}, le(id, 4), le(1, 2),
                    "lång".getBytes(StandardCharsets.UTF_8)));
            client.assertAlive();
            byte[] exec = RawClient.concat(new byte[] {0x17}, le(id, 4), new byte[] {0}, le(1, 4),
                    new byte[] {0, 1, (byte) 252, 0, (byte) 253, 0});
            client.send(0, exec);
            assertThat(readUntilEnd(client, 2).getLast().isErr()).isFalse();
            List<Object> values = fixture.sessions.lastSession().lastParameters;
            assertThat(values.get(0)).isEqualTo(new byte[] {1, 2, 3});
            assertThat(values.get(1)).isEqualTo("lång");

            // Long data is forgotten after an execution and on COM_STMT_RESET.
            client.send(0, RawClient.concat(new byte[] {0x18}, le(id, 4), le(0, 2), new byte[] {9}));
            assertThat(client.command(0x1A, le(id, 4)).isOk()).isTrue();
            client.send(0, execute(id, List.of(new Param(252, false, lenencString("x")),
                    new Param(253, false, lenencString("y"))), true));
            assertThat(readUntilEnd(client, 2).getLast().isErr()).isFalse();
            assertThat(fixture.sessions.lastSession().lastParameters.get(0)).isEqualTo(new byte[] {'x'});

            // A long-data error is reported by the next execution.
            client.send(0, RawClient.concat(new byte[] {0x18}, le(id, 4), le(7, 2), new byte[] {9}));
            client.send(0, execute(id, params, true));
            assertThat(client.read().errorNumber()).isEqualTo(1210);

            // COM_STMT_CLOSE has no reply either.
            int before = fixture.sessions.lastSession().preparedCount();
            client.send(0, RawClient.concat(new byte[] {0x19}, le(id, 4)));
            client.assertAlive();
            assertThat(fixture.sessions.lastSession().preparedCount()).isEqualTo(before - 1);
            assertThat(client.command(0x17, RawClient.concat(le(id, 4), new byte[] {0}, le(1, 4))).errorNumber())
                    .isEqualTo(1243);
            // COM_RESET_CONNECTION forgets prepared statements.
            int other = prepare(client, placeholders(0), 0);
            assertThat(client.command(0x1F, new byte[0]).isOk()).isTrue();
            assertThat(client.command(0x17, RawClient.concat(le(other, 4), new byte[] {0}, le(1, 4))).errorNumber())
                    .isEqualTo(1243);
        }
    }

    @Test
    void prepareErrorsAndDefinitionsWithoutDeprecateEof() throws IOException {
        try (RawClient client = RawClient.login(port(), RawClient.DEFAULT_CAPABILITIES & ~RawClient.DEPRECATE_EOF)) {
            assertThat(client.command(0x16, "BAD".getBytes(StandardCharsets.UTF_8)).errorNumber()).isEqualTo(1064);
            Packet ok = client.command(0x16, "SELECT ALL_TYPES WHERE ?".getBytes(StandardCharsets.UTF_8));
            assertThat(ok.isOk()).isTrue();
            assertThat(ok.payload()).hasSize(12);
            assertThat(client.read().sequenceId()).isEqualTo(2); // the parameter
            assertThat(client.read().isEof()).isTrue();
            for (int i = 0; i < TestSessions.ALL_TYPES.size(); i++) {
                assertThat(client.read().isEof()).isFalse();
            }
            assertThat(client.read().isEof()).isTrue();
            client.assertAlive();
        }
    }

    @Test
    void portInUseFailsClearly() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            MySqlServer server = new MySqlServer(new TestSessions(),
                    MySqlServerOptions.defaults("127.0.0.1", taken.getLocalPort()));
            assertThatThrownBy(server::start).hasMessageContaining("Cannot listen for MySQL clients on 127.0.0.1:"
                    + taken.getLocalPort());
            server.close();
        }
    }

    @Test
    void tooManyConnections() throws IOException {
        try (ServerFixture two = new ServerFixture(new MySqlServerOptions("127.0.0.1", 0, 2, 1 << 20));
                RawClient b = RawClient.login(two.server.port())) {
            RawClient a = RawClient.login(two.server.port());
            try (RawClient refused = new RawClient(two.server.port())) {
                Packet err = refused.read();
                assertThat(err.errorNumber()).isEqualTo(1040);
                assertThat(refused.closedByServer()).isTrue();
            }
            a.close();
            ServerFixture.await(() -> two.server.openConnections() == 1, "a slot freed");
            try (RawClient c = RawClient.login(two.server.port())) {
                c.assertAlive();
            }
            b.assertAlive();
        }
    }

    @Test
    void thousandsOfIdleConnectionsAndClosingTheServerClosesEverySessionOnce() throws IOException {
        ServerFixture own = new ServerFixture();
        List<RawClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 2000; i++) {
                clients.add(RawClient.login(own.server.port()));
            }
            clients.get(123).assertAlive();
            assertThat(own.server.openConnections()).isEqualTo(2000);
            own.close();
            own.close();
            assertThat(own.sessions.sessions).hasSize(2000)
                    .allSatisfy(session -> assertThat(session.closes.get()).isEqualTo(1));
            for (RawClient client : clients.subList(0, 5)) {
                assertThat(client.closedByServer()).isTrue();
            }
        } finally {
            for (RawClient client : clients) {
                client.close();
            }
        }
    }
}
