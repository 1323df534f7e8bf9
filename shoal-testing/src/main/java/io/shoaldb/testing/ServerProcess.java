package io.shoaldb.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A ShoalDB server in a child JVM, for tests that must kill it with SIGKILL. It learns the ephemeral
 * port from the server's start line on stdout, so no test waits on a clock.
 */
public final class ServerProcess implements AutoCloseable {
    private static final Pattern STARTED = Pattern.compile("started: query_port=(\\d+) http_port=(\\d+)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final Ports ports;
    private final List<String> output;

    /** The ports the server announced in its start line. */
    private record Ports(int query, int http) {
    }

    private ServerProcess(Process process, Ports ports, List<String> output) {
        this.process = process;
        this.ports = ports;
        this.output = output;
    }

    /** Starts {@code io.shoaldb.server.Main} with data under {@code dir} and waits until it serves. */
    public static ServerProcess start(Path dir, String... extraArgs) throws IOException {
        return start(dir, List.of(), extraArgs);
    }

    /** Like {@link #start(Path, String...)}, with options for the server's JVM (e.g. {@code -Xmx256m}). */
    public static ServerProcess start(Path dir, List<String> jvmOptions, String... extraArgs) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(classPath());
        command.add("io.shoaldb.server.Main");
        command.add("--query_port=0");
        command.add("--http_port=0");
        command.add("--webserver_port=0");
        command.add("--storage_root_path=" + dir.resolve("data"));
        command.add("--sys_log_dir=" + dir.resolve("log"));
        command.addAll(List.of(extraArgs));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Ports> port = new CompletableFuture<>();
        Thread reader = Thread.ofVirtual().start(() -> readOutput(process, output, port));
        try {
            return new ServerProcess(process, port.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS), output);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            reader.interrupt();
            throw new IOException("server did not start; output:\n" + String.join("\n", output), e);
        }
    }

    private static void readOutput(Process process, List<String> output, CompletableFuture<Ports> port) {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.add(line);
                Matcher matcher = STARTED.matcher(line);
                if (matcher.find()) {
                    port.complete(new Ports(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2))));
                }
            }
        } catch (IOException e) {
            port.completeExceptionally(e);
        }
        // End of output: the server exited (or closed stdout) without announcing its port.
        port.completeExceptionally(new IOException("server stopped before it served"));
    }

    /** The class path Surefire gave this test JVM, which holds the server and all its dependencies. */
    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null ? surefire : System.getProperty("java.class.path");
    }

    /** The MySQL-protocol port. */
    public int port() {
        return ports.query();
    }

    /** The Stream Load port ({@code http_port}). */
    public int httpPort() {
        return ports.http();
    }

    public long pid() {
        return process.pid();
    }

    public String jdbcUrl(String database, String params) {
        return "jdbc:mysql://127.0.0.1:" + ports.query() + "/" + (database == null ? "" : database)
                + "?sslMode=DISABLED" + (params == null || params.isEmpty() ? "" : "&" + params);
    }

    /** Whether the server process is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: the process gets no chance to flush or clean up. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM, then waits for the clean shutdown; returns the exit code. */
    public int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
        }
        return process.exitValue();
    }

    public List<String> output() {
        return List.copyOf(output);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
