package io.shoaldb.protocol.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A minimal hand-written MySQL client, for driving the server with exact (and broken) packets. */
final class RawClient implements AutoCloseable {
    static final int PROTOCOL_41 = 1 << 9;
    static final int CONNECT_WITH_DB = 1 << 3;
    static final int SECURE_CONNECTION = 1 << 15;
    static final int PLUGIN_AUTH = 1 << 19;
    static final int CONNECT_ATTRS = 1 << 20;
    static final int LENENC_AUTH = 1 << 21;
    static final int DEPRECATE_EOF = 1 << 24;
    static final int DEFAULT_CAPABILITIES = PROTOCOL_41 | SECURE_CONNECTION | PLUGIN_AUTH | LENENC_AUTH
            | CONNECT_ATTRS | DEPRECATE_EOF;

    record Packet(int sequenceId, byte[] payload) {
        int header() {
            return payload.length == 0 ? -1 : payload[0] & 0xFF;
        }

        boolean isOk() {
            return header() == 0x00;
        }

        boolean isErr() {
            return header() == 0xFF;
        }

        boolean isEof() {
            return header() == 0xFE && payload.length < 9;
        }

        int errorNumber() {
            assertThat(isErr()).as("ERR packet expected, got %s", this).isTrue();
            return (payload[1] & 0xFF) | (payload[2] & 0xFF) << 8;
        }

        String sqlState() {
            return new String(payload, 4, 5, StandardCharsets.UTF_8);
        }

        String errorMessage() {
            return new String(payload, 9, payload.length - 9, StandardCharsets.UTF_8);
        }

        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return "Packet[seq=" + sequenceId + ", " + payload.length + " bytes, header=0x"
                    + Integer.toHexString(header()) + (isErr() ? ", " + text().substring(1) : "") + "]";
        }
    }

    final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    Packet greeting;

    RawClient(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    static RawClient connect(int port) throws IOException {
        RawClient client = new RawClient(port);
        client.greeting = client.read();
        return client;
    }

    /** Connects and logs in as root with no password; asserts the OK. */
    static RawClient login(int port) throws IOException {
        return login(port, DEFAULT_CAPABILITIES);
    }

    static RawClient login(int port, int capabilities) throws IOException {
        RawClient client = connect(port);
        client.send(1, client.handshakeResponse(capabilities, "root", "", null, "mysql_native_password"));
        Packet ok = client.read();
        assertThat(ok.isOk()).as("login reply %s", ok).isTrue();
        assertThat(ok.sequenceId()).isEqualTo(2);
        return client;
    }

    byte[] scramble() {
        byte[] g = greeting.payload();
        int at = 1;
        while (g[at] != 0) {
            at++;
        }
        at += 1 + 4;
        byte[] scramble = new byte[20];
        System.arraycopy(g, at, scramble, 0, 8);
        at += 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10;
        System.arraycopy(g, at, scramble, 8, 12);
        return scramble;
    }

    byte[] handshakeResponse(int capabilities, String user, String password, String database, String plugin) {
        byte[] auth = plugin.equals("mysql_native_password") ? TestSessions.scramblePassword(password, scramble())
                : new byte[32];
        return handshakeResponse(capabilities, user, auth, database, plugin);
    }

    /** A HandshakeResponse41 carrying {@code auth} as it is (at most 250 bytes). */
    byte[] handshakeResponse(int capabilities, String user, byte[] auth, String database, String plugin) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int caps = capabilities | (database != null ? CONNECT_WITH_DB : 0);
        writeInt(b, caps, 4);
        writeInt(b, 1 << 24, 4);
        b.write(45);
        b.writeBytes(new byte[23]);
        b.writeBytes(user.getBytes(StandardCharsets.UTF_8));
        b.write(0);
        b.write(auth.length);
        b.writeBytes(auth);
        if (database != null) {
            b.writeBytes(database.getBytes(StandardCharsets.UTF_8));
            b.write(0);
        }
        if ((caps & PLUGIN_AUTH) != 0) {
            b.writeBytes(plugin.getBytes(StandardCharsets.UTF_8));
            b.write(0);
        }
        if ((caps & CONNECT_ATTRS) != 0) {
            byte[] attrs = concat(lenenc("_client_name"), lenenc("raw"), lenenc("_pid"), lenenc("1"));
            b.write(attrs.length);
            b.writeBytes(attrs);
        }
        return b.toByteArray();
    }

    static byte[] lenenc(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        assertThat(bytes.length).isLessThan(251);
        return concat(new byte[] {(byte) bytes.length}, bytes);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            b.writeBytes(part);
        }
        return b.toByteArray();
    }

    static void writeInt(ByteArrayOutputStream b, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            b.write((int) (value >>> (8 * i)));
        }
    }

    /** One framed packet (no splitting: the caller sends what it means to). */
    void send(int sequenceId, byte[] payload) throws IOException {
        byte[] header = {(byte) payload.length, (byte) (payload.length >> 8), (byte) (payload.length >> 16),
                (byte) sequenceId};
        out.write(concat(header, payload));
        out.flush();
    }

    /** A payload split into 16 MiB fragments as a real client does. */
    void sendSplit(int sequenceId, byte[] payload) throws IOException {
        int offset = 0;
        while (true) {
            int chunk = Math.min(0xFFFFFF, payload.length - offset);
            send(sequenceId++, Arrays.copyOfRange(payload, offset, offset + chunk));
            offset += chunk;
            if (chunk < 0xFFFFFF) {
                return;
            }
        }
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    Packet command(int command, byte[] arguments) throws IOException {
        send(0, concat(new byte[] {(byte) command}, arguments));
        return read();
    }

    Packet query(String sql) throws IOException {
        return command(0x03, sql.getBytes(StandardCharsets.UTF_8));
    }

    Packet read() throws IOException {
        int b0 = in.read();
        if (b0 < 0) {
            throw new EOFException("server closed the connection");
        }
        int length = b0 | in.readUnsignedByte() << 8 | in.readUnsignedByte() << 16;
        int sequenceId = in.readUnsignedByte();
        byte[] payload = new byte[length];
        in.readFully(payload);
        return new Packet(sequenceId, payload);
    }

    /** Reads fragments and joins them, checking that their sequence ids run on. */
    Packet readJoined() throws IOException {
        Packet first = read();
        if (first.payload().length < 0xFFFFFF) {
            return first;
        }
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        joined.writeBytes(first.payload());
        Packet last = first;
        while (last.payload().length == 0xFFFFFF) {
            Packet next = read();
            assertThat(next.sequenceId()).isEqualTo((last.sequenceId() + 1) & 0xFF);
            joined.writeBytes(next.payload());
            last = next;
        }
        return new Packet(first.sequenceId(), joined.toByteArray());
    }

    /** Whether the server closes the connection: reads (and drops) what is left, then expects end of stream. */
    boolean closedByServer() throws IOException {
        try {
            InputStream stream = socket.getInputStream();
            byte[] sink = new byte[8192];
            while (stream.read(sink) >= 0) {
                // drain
            }
            return true;
        } catch (SocketException e) {
            return true; // reset by the server
        }
    }

    /** COM_PING answered with OK: the connection is alive and in sync. */
    void assertAlive() throws IOException {
        Packet ok = command(0x0E, new byte[0]);
        assertThat(ok.isOk()).as("ping reply %s", ok).isTrue();
        assertThat(ok.sequenceId()).isEqualTo(1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
