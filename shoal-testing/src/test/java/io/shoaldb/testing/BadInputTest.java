package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Garbage on the wire and in SQL: the offending connection gets an error or is closed, the catalog does
 * not change, and the server keeps serving everyone else.
 */
class BadInputTest {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE keep");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void randomBytesAfterTheHandshakeNeverTakeTheServerDown() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BadInputTest seed " + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 40; round++) {
            byte[] garbage = new byte[1 + random.nextInt(random.nextBoolean() ? 8 : 300)];
            random.nextBytes(garbage);
            if (random.nextBoolean() && garbage.length >= 4) {
                // A plausible header claiming more or less than is sent.
                garbage[0] = (byte) random.nextInt(256);
                garbage[1] = 0;
                garbage[2] = 0;
                garbage[3] = 1;
            }
            sendRaw(garbage, false);
            sendRaw(garbage, true);
        }
        assertServerServes();
    }

    @Test
    void everyTruncationOfACommandIsHandled() throws Exception {
        // COM_STMT_EXECUTE for a statement that does not exist, cut at every length.
        byte[] execute = {0x17, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 8, 0, 42, 0, 0, 0, 0, 0, 0, 0};
        for (int cut = 1; cut <= execute.length; cut++) {
            byte[] framed = new byte[4 + cut];
            framed[0] = (byte) cut;
            System.arraycopy(execute, 0, framed, 4, cut);
            sendRaw(framed, true);
        }
        assertServerServes();
    }

    @Test
    void aHugeDeclaredPacketIsRefused() throws Exception {
        sendRaw(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0, 3}, true);
        assertServerServes();
    }

    @Test
    void garbageSqlChangesNothing() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            for (String sql : new String[] {"\u0000\u0001", "CREATE TABLE", "CREATE TABLE keep.t (a INT",
                    "DROP DATABASE", "'unterminated", "SELECT * FROM", ";;;", "CREATE TABLE keep.t (a DECIMAL(99,2))"}) {
                try {
                    s.execute(sql);
                } catch (java.sql.SQLException expected) {
                    assertThat(expected.getErrorCode()).as(sql).isIn(1064, 1065, 1105, 1235);
                }
            }
            try (ResultSet rs = s.executeQuery("SHOW TABLES FROM keep")) {
                assertThat(rs.next()).isFalse();
            }
        }
    }

    /**
     * Connects, reads the greeting, optionally logs in as root (empty password), sends the bytes, and
     * reads whatever comes back until the server closes the connection or goes quiet.
     */
    private static void sendRaw(byte[] bytes, boolean afterLogin) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            // The greeting and the login reply must come (a loaded machine may take a while); after the garbage
            // the server may also just wait for the rest of a packet, so the drain stops at a short silence.
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            RawMySqlClient.readPacket(in);
            if (afterLogin) {
                out.write(RawMySqlClient.LOGIN);
                out.flush();
                byte[] reply = RawMySqlClient.readPacket(in);
                assertThat(reply[0]).as("OK after login").isEqualTo((byte) 0);
            }
            socket.setSoTimeout(150);
            out.write(bytes);
            out.flush();
            byte[] buffer = new byte[4096];
            try {
                while (in.read(buffer) >= 0) {
                    // drain replies
                }
            } catch (SocketTimeoutException quiet) {
                // the server waits for the rest of a packet that never comes: also fine
            }
        } catch (java.net.SocketException reset) {
            // the server closed the connection: fine
        }
    }

    private static void assertServerServes() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW DATABASES LIKE 'keep'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("keep");
        }
    }
}
