package io.shoaldb.testing.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Oversized input cannot exhaust a small heap: the real server, started with {@code -Xmx256m} and the default
 * limits (records of 100 MB, half the heap for the large records of all loads), gets a 150 MB JSON document, a
 * 150 MB whole-body JSON array and a 150 MB CSV line over curl (chunked, so only the decoder can tell), then three
 * 150 MB documents at once. Each load fails with an error naming its limit, commits nothing, and the server goes
 * on answering queries and loading. {@code -XX:+ExitOnOutOfMemoryError} turns any OutOfMemoryError into a dead
 * server, which the test would see.
 */
class SmallHeapOversizedInputTest {
    private static final long OVERSIZED = 150L << 20;

    @TempDir
    Path dir;

    @Test
    void oversizedRecordsFailTheirLoadAndTheServerKeepsServing() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir, List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"));
                Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE big");
            s.execute("CREATE TABLE big.docs (id INT, doc JSON) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1"
                    + " PROPERTIES ('replication_num' = '1')");
            s.execute("CREATE TABLE big.lines (k INT, v STRING) DUPLICATE KEY(k) DISTRIBUTED BY HASH(k) BUCKETS 1"
                    + " PROPERTIES ('replication_num' = '1')");
            String docs = "http://127.0.0.1:" + server.httpPort() + "/api/big/docs/_stream_load";
            String lines = "http://127.0.0.1:" + server.httpPort() + "/api/big/lines/_stream_load";

            String jsonLine = streamedLoad(docs, "{\"id\": 1, \"doc\": {\"pad\": \"", (byte) 'x', "\"}}\n",
                    "format:json", "read_json_by_line:true");
            assertFailed(jsonLine, "A JSON document (one line) is larger than BE's conf `streaming_load_json_max_mb`"
                    + " allows (104857600 bytes)");
            assertServing(server, s, "big.docs", 0);

            String jsonBody = streamedLoad(docs, "[{\"id\": 1, \"doc\": \"", (byte) 'x', "\"}]",
                    "format:json", "strip_outer_array:true");
            assertFailed(jsonBody, "The JSON body is larger than BE's conf `streaming_load_json_max_mb` allows");
            assertServing(server, s, "big.docs", 0);

            String csvLine = streamedLoad(lines, "1,", (byte) 'y', "\n2,short\n", "column_separator:,");
            assertFailed(csvLine, "A CSV line is larger than BE's conf `streaming_load_csv_line_max_mb` allows"
                    + " (104857600 bytes)");
            assertServing(server, s, "big.lines", 0);

            // three at once: each alone would fit under the record limit's buffer, together they meet the budget
            List<CompletableFuture<String>> atOnce = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                atOnce.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return streamedLoad(docs, "{\"id\": 2, \"doc\": \"", (byte) 'z', "\"}\n", "format:json");
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                }, command -> Thread.ofVirtual().start(command)));
            }
            for (CompletableFuture<String> reply : atOnce) {
                assertThat(reply.get(300, TimeUnit.SECONDS)).contains("\"Status\": \"Fail\"")
                        .containsAnyOf("`streaming_load_json_max_mb`", "`streaming_load_record_buffer_mem_limit`")
                        .contains("nothing of this load is committed");
            }
            assertServing(server, s, "big.docs", 0);

            Path small = Files.writeString(dir.resolve("small.csv"), "3,fine\n");
            String ok = curl(List.of("--location-trusted", "-u", "root:", "-T", small.toString(),
                    "-H", "column_separator:,", lines), null);
            assertThat(ok).contains("\"Status\": \"Success\"");
            assertServing(server, s, "big.lines", 1);
            assertThat(server.output()).noneMatch(line -> line.contains("OutOfMemoryError"));
        }
    }

    private static void assertFailed(String reply, String message) {
        assertThat(reply).contains("\"Status\": \"Fail\"").contains(message)
                .contains("nothing of this load is committed");
    }

    private static void assertServing(ServerProcess server, Statement s, String table, long rows) throws Exception {
        assertThat(server.isAlive()).isTrue();
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(rows);
        }
    }

    /** curl -T - (a chunked body from stdin): {@code prefix}, {@link #OVERSIZED} filler bytes, {@code suffix}. */
    private String streamedLoad(String url, String prefix, byte filler, String suffix, String... headers)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("--location-trusted", "-u", "root:", "-T", "-"));
        for (String header : headers) {
            args.add("-H");
            args.add(header);
        }
        args.add(url);
        return curl(args, stdin -> {
            stdin.write(prefix.getBytes(StandardCharsets.UTF_8));
            byte[] chunk = new byte[1 << 20];
            Arrays.fill(chunk, filler);
            for (long sent = 0; sent < OVERSIZED; sent += chunk.length) {
                stdin.write(chunk);
            }
            stdin.write(suffix.getBytes(StandardCharsets.UTF_8));
        });
    }

    interface Body {
        void writeTo(OutputStream stdin) throws IOException;
    }

    /** Runs curl; its stdout (the reply). The server may stop reading a failed load's body: curl then exits. */
    private String curl(List<String> args, Body body) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-sS"));
        command.addAll(args);
        Path err = Files.createTempFile(dir, "curl", ".err");
        Process curl = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile()).start();
        Thread feeder = Thread.ofVirtual().start(() -> {
            try (OutputStream stdin = curl.getOutputStream()) {
                if (body != null) {
                    body.writeTo(stdin);
                }
            } catch (IOException curlStoppedReading) {
                // the server answered and closed before the end of the body
            }
        });
        byte[] out = curl.getInputStream().readAllBytes();
        assertThat(curl.waitFor(120, TimeUnit.SECONDS)).isTrue();
        feeder.join();
        return new String(out, StandardCharsets.UTF_8) + Files.readString(err);
    }
}
