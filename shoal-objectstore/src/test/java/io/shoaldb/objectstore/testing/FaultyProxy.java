package io.shoaldb.objectstore.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of a store that misbehaves on demand, per new connection: answers 503, resets the
 * connection, accepts it and never answers, or forwards the request and loses the store's answer (the store acts
 * on it, the client waits as for a stall: an upload that landed but was never acknowledged). Faults apply to connections opened after they are set, so a test
 * sets them before its client's first request (an HTTP client keeps its connections).
 */
public final class FaultyProxy implements AutoCloseable {

    public enum Fault { NONE, SERVICE_UNAVAILABLE, RESET, STALL, LOSE_RESPONSE }

    private static final byte[] UNAVAILABLE_BODY = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>SlowDown"
            + "</Code><Message>injected by the test</Message></Error>").getBytes(StandardCharsets.UTF_8);

    private final ServerSocket server;
    private final int upstreamPort;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final AtomicInteger faultsLeft = new AtomicInteger();
    private final AtomicInteger faulted = new AtomicInteger();
    private volatile Fault fault = Fault.NONE;

    public FaultyProxy(int upstreamPort) throws IOException {
        this.upstreamPort = upstreamPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("faulty-proxy").start(this::acceptLoop);
    }

    public String endpoint() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** The next {@code connections} new connections get {@code kind}; later ones pass through. */
    public void inject(Fault kind, int connections) {
        faultsLeft.set(connections);
        fault = kind;
    }

    /** Every new connection gets {@code kind} until told otherwise. */
    public void injectAlways(Fault kind) {
        inject(kind, Integer.MAX_VALUE);
    }

    /**
     * Closes every connection open now, so a client's pooled keep-alive connections are gone and its next request
     * opens a new one (and meets the injected fault).
     */
    public void dropOpenConnections() {
        for (Socket socket : open) {
            closeQuietly(socket);
            open.remove(socket);
        }
    }

    /** How many connections got a fault so far. */
    public int faulted() {
        return faulted.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                open.add(client);
                Fault kind = faultsLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? fault : Fault.NONE;
                if (kind != Fault.NONE) {
                    faulted.incrementAndGet();
                }
                Thread.ofVirtual().start(() -> serve(client, kind));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket client, Fault kind) {
        try {
            switch (kind) {
                case NONE -> pass(client);
                case LOSE_RESPONSE -> forwardOnly(client);
                case RESET -> {
                    client.setSoLinger(true, 0);
                    client.close();
                }
                case STALL -> client.getInputStream().transferTo(OutputStream.nullOutputStream());
                case SERVICE_UNAVAILABLE -> {
                    skipRequestHead(client.getInputStream());
                    OutputStream out = client.getOutputStream();
                    out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/xml\r\nContent-Length: "
                            + UNAVAILABLE_BODY.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(UNAVAILABLE_BODY);
                    out.flush();
                    client.close();
                }
            }
        } catch (IOException e) {
            closeQuietly(client);
        }
    }

    private void pass(Socket client) throws IOException {
        Socket upstream = new Socket();
        open.add(upstream);
        upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort));
        Thread.ofVirtual().start(() -> copy(upstream, client));
        copy(client, upstream);
    }

    private void forwardOnly(Socket client) throws IOException {
        Socket upstream = new Socket();
        open.add(upstream);
        upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort));
        Thread.ofVirtual().start(() -> {
            try (InputStream answers = upstream.getInputStream()) {
                answers.transferTo(OutputStream.nullOutputStream());
            } catch (IOException closed) {
                // the client or the test closed the connection
            }
        });
        copy(client, upstream);
    }

    private static void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // one side closed: close both, as the client or the store would see it
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void skipRequestHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        int b;
        while (matched < end.length && (b = in.read()) >= 0) {
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            closeQuietly(socket);
        }
    }
}
