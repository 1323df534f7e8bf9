package io.shoaldb.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code http_max_connections}, {@code streaming_load_max_concurrency} and {@code streaming_load_json_max_mb}. */
class HttpLimitsTest {
    private static final String ROOT = ServerFixture.basic("root", "");
    private ServerFixture fx;

    @AfterEach
    void stop() {
        if (fx != null) {
            fx.close();
        }
    }

    @Test
    void aConnectionOverTheLimitIsAnswered503AndTheSlotComesBack() throws Exception {
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 10240, false)
                .withConcurrencyLimits(1, 10));
        try (Socket holder = new Socket("127.0.0.1", fx.server.port(0))) {
            // the holder is served (so it holds the one place) before the second connection is made
            assertThat(exchange(holder, "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")).startsWith("HTTP/1.1 200");
            String refused = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                    + "\r\nContent-Length: 2\r\n\r\n1\n").getBytes(StandardCharsets.US_ASCII),
                    false, Duration.ofSeconds(10));
            assertThat(refused).startsWith("HTTP/1.1 503").contains("\"Status\": \"Fail\"")
                    .contains("Too many HTTP connections: at most 1 are served at once (`http_max_connections`)");
            assertThat(fx.loads.requests).isEmpty();
        }
        // the holder's close frees its place (asynchronously, on the event loop): poll until a request is served
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String reply;
        do {
            reply = fx.raw("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(
                    StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        } while (!reply.startsWith("HTTP/1.1 200") && System.nanoTime() < deadline);
        assertThat(reply).startsWith("HTTP/1.1 200");
    }

    @Test
    void aLoadOverTheConcurrencyLimitIsRefusedBeforeItsBody() throws Exception {
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 10240, false)
                .withConcurrencyLimits(100, 1));
        CountDownLatch gate = new CountDownLatch(1);
        fx.loads.gate = gate;
        Thread first = Thread.ofVirtual().start(() -> {
            try {
                fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                        + "\r\nContent-Length: 2\r\nConnection: close\r\n\r\n1\n").getBytes(StandardCharsets.US_ASCII),
                        false, Duration.ofSeconds(30));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        fx.loads.started.get(10, TimeUnit.SECONDS); // the first load holds the one place
        String refused = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                + "\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n").getBytes(StandardCharsets.US_ASCII),
                false, Duration.ofSeconds(10));
        assertThat(refused).startsWith("HTTP/1.1 503").doesNotContain("100 Continue").contains("\"Status\": \"Fail\"")
                .contains("Too many Stream Loads: at most 1 run at once (`streaming_load_max_concurrency`)");
        gate.countDown();
        first.join(Duration.ofSeconds(30));
        assertThat(fx.loads.bodyDone.get(10, TimeUnit.SECONDS)).isEqualTo(2L);

        String next = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                + "\r\nContent-Length: 4\r\nConnection: close\r\n\r\n1\n2\n").getBytes(StandardCharsets.US_ASCII),
                false, Duration.ofSeconds(10));
        assertThat(next).startsWith("HTTP/1.1 200").contains("\"Status\": \"Success\"");
    }

    /**
     * A load whose body is read but whose end is still to come (a group-commit WAL fsync) holds its place and no
     * thread; a client hanging up meanwhile changes nothing until the load ends, which frees the place.
     */
    @Test
    void aWaitingLoadHoldsItsPlaceButNoThreadAndAClientHangingUpFreesNothingBeforeItEnds() throws Exception {
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 10240, false)
                .withConcurrencyLimits(100, 1));
        CompletableFuture<Void> ending = new CompletableFuture<>();
        fx.loads.ending = ending;
        try (Socket waiting = new Socket("127.0.0.1", fx.server.port(0))) {
            OutputStream out = waiting.getOutputStream();
            out.write(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                    + "\r\nContent-Length: 2\r\n\r\n1\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(fx.loads.bodyDone.get(10, TimeUnit.SECONDS)).isEqualTo(2L);
            Thread loader = fx.loads.loadThreads.poll(10, TimeUnit.SECONDS);
            assertThat(loader.join(Duration.ofSeconds(10))).as("the load's thread ended while its load waits")
                    .isTrue();
            String refused = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                    + "\r\nContent-Length: 2\r\n\r\n1\n").getBytes(StandardCharsets.US_ASCII), false,
                    Duration.ofSeconds(10));
            assertThat(refused).startsWith("HTTP/1.1 503").contains("`streaming_load_max_concurrency`");
        } // the client hangs up
        String stillRefused = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                + "\r\nContent-Length: 2\r\n\r\n1\n").getBytes(StandardCharsets.US_ASCII), false,
                Duration.ofSeconds(10));
        assertThat(stillRefused).as("the hang-up does not end the load").startsWith("HTTP/1.1 503");

        fx.loads.ending = null;
        ending.complete(null); // the load ends: its reply has nowhere to go, its place comes back at once
        String next = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                + "\r\nContent-Length: 4\r\nConnection: close\r\n\r\n1\n2\n").getBytes(StandardCharsets.US_ASCII),
                false, Duration.ofSeconds(10));
        assertThat(next).startsWith("HTTP/1.1 200").contains("\"Status\": \"Success\"");
    }

    @Test
    void aWholeBodyJsonOverItsLimitIsRefusedBeforeItIsSentButJsonLinesAreNot() throws Exception {
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 10240, false)
                .withStreamingLoadJsonMaxMb(1));
        String refused = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                + "\r\nformat: json\r\nstrip_outer_array: true\r\nExpect: 100-continue\r\nContent-Length: 2097152"
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        assertThat(refused).startsWith("HTTP/1.1 413").doesNotContain("100 Continue").contains(
                "json body size 2097152 exceed BE's conf `streaming_load_json_max_mb` 1048576. increase it if you are"
                        + " sure this load is reasonable");
        assertThat(fx.loads.requests).isEmpty();

        String byLine = fx.raw(("PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + ROOT
                + "\r\nformat: json\r\nread_json_by_line: true\r\nExpect: 100-continue\r\nContent-Length: 2097152"
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(2));
        assertThat(byLine).startsWith("HTTP/1.1 100 Continue");
    }

    /** Writes one request on a kept-alive connection and reads one reply's head and short body. */
    private static String exchange(Socket socket, String request) throws Exception {
        socket.setSoTimeout(10_000);
        OutputStream out = socket.getOutputStream();
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        int n = in.read(buffer);
        return new String(buffer, 0, Math.max(n, 0), StandardCharsets.US_ASCII);
    }
}
