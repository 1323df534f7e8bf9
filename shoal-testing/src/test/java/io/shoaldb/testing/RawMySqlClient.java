package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A few lines of the MySQL protocol by hand, for what drivers never do: sending garbage, or several commands
 * before reading any reply (pipelining). Logs in as root with an empty password.
 */
final class RawMySqlClient implements AutoCloseable {
    /** A HandshakeResponse41 for root with an empty mysql_native_password response, framed with sequence 1. */
    static final byte[] LOGIN = login();

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawMySqlClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /** Connects, reads the greeting and logs in; replies must come within {@code timeoutMillis}. */
    static RawMySqlClient login(int port, int timeoutMillis) throws IOException {
        RawMySqlClient client = new RawMySqlClient(new Socket("127.0.0.1", port));
        client.socket.setSoTimeout(timeoutMillis);
        readPacket(client.in);
        client.out.write(LOGIN);
        client.out.flush();
        assertThat(client.readPacket()[0]).as("OK after login").isEqualTo((byte) 0);
        return client;
    }

    /** Sends the statements as COM_QUERY packets in one write, without waiting for replies. */
    void sendQueries(String... statements) throws IOException {
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (String sql : statements) {
            byte[] payload = ("\u0003" + sql).getBytes(StandardCharsets.UTF_8);
            burst.writeBytes(new byte[] {(byte) payload.length, (byte) (payload.length >> 8),
                    (byte) (payload.length >> 16), 0});
            burst.writeBytes(payload);
        }
        out.write(burst.toByteArray());
        out.flush();
    }

    /** The next packet's payload. */
    byte[] readPacket() throws IOException {
        return readPacket(in);
    }

    static byte[] readPacket(InputStream in) throws IOException {
        byte[] header = in.readNBytes(4);
        int length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
        return in.readNBytes(length);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private static byte[] login() {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        int flags = 0x1 | 0x200 | 0x8000 | 0x80000; // LONG_PASSWORD, PROTOCOL_41, SECURE_CONNECTION, PLUGIN_AUTH
        payload.writeBytes(new byte[] {(byte) flags, (byte) (flags >> 8), (byte) (flags >> 16), (byte) (flags >> 24)});
        payload.writeBytes(new byte[] {0, 0, 0, 1}); // max packet 16 MiB
        payload.write(45); // utf8mb4_general_ci
        payload.writeBytes(new byte[23]);
        payload.writeBytes("root\0".getBytes(StandardCharsets.US_ASCII));
        payload.write(0); // empty auth response
        payload.writeBytes("mysql_native_password\0".getBytes(StandardCharsets.US_ASCII));
        byte[] body = payload.toByteArray();
        byte[] framed = new byte[4 + body.length];
        framed[0] = (byte) body.length;
        framed[3] = 1;
        System.arraycopy(body, 0, framed, 4, body.length);
        return framed;
    }
}
