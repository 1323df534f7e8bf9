package io.shoaldb.protocol.http;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.shoaldb.api.AccessControl;
import io.shoaldb.api.Authenticator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real server on ephemeral ports with a fake load service, plus the clients the tests drive it with. */
final class ServerFixture implements AutoCloseable {
    static final Authenticator AUTH = new Authenticator() {
        @Override
        public boolean verifyNativePassword(String user, byte[] scramble, byte[] response) {
            return false;
        }

        @Override
        public boolean verifyPassword(String user, String password) {
            return ("root".equals(user) && password.isEmpty()) || ("alice".equals(user) && "s:ecret".equals(password));
        }
    };

    /** root holds ADMIN_PRIV, alice does not. */
    static final AccessControl ACCESS = (user, clientHost) -> "root".equals(user);

    final FakeLoadService loads = new FakeLoadService();
    final HttpMetrics metrics = new HttpMetrics(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    final HttpServer server;

    ServerFixture(HttpServerOptions options) {
        server = new HttpServer(options, AUTH, ACCESS, loads, metrics);
        server.start();
    }

    static ServerFixture standard() {
        return new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0, 0), 10240, false));
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.port(0) + path;
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** Runs curl; returns stdout (the body), the status code on the last line stripped off, and stderr. */
    record CurlResult(int status, String body, String stderr, int exitCode) {
    }

    static CurlResult curl(Path workDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/usr/bin/curl", "-sS", "-w", "\n%{http_code}"));
        command.addAll(List.of(args));
        Path errFile = java.nio.file.Files.createTempFile(workDir, "curl", ".err");
        Process process = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectError(errFile.toFile()).start();
        byte[] out;
        try (InputStream stdout = process.getInputStream()) {
            out = stdout.readAllBytes();
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("curl did not finish");
        }
        byte[] err = java.nio.file.Files.readAllBytes(errFile);
        String text = new String(out, StandardCharsets.UTF_8);
        int cut = text.lastIndexOf('\n');
        return new CurlResult(Integer.parseInt(text.substring(cut + 1).strip()), text.substring(0, cut),
                new String(err, StandardCharsets.UTF_8), process.exitValue());
    }

    /** Sends raw bytes, optionally half-closing, and reads until the server closes or {@code timeout} passes. */
    String raw(byte[] request, boolean closeAfterSend, Duration timeout) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port(0))) {
            socket.setSoTimeout((int) timeout.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            if (closeAfterSend) {
                return "";
            }
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                int n;
                while ((n = socket.getInputStream().read(buffer)) >= 0) {
                    received.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException | java.net.SocketException stopped) {
                // what arrived so far is the answer
            }
            return received.toString(StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
