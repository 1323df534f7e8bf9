package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streamloader CLI (built shoal-tools, run as its own JVM) against the real load stack. */
class StreamLoaderCliTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out) {
    }

    private Run streamloader(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.shoaldb.tools.streamloader.StreamLoader"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    @Test
    void loadsAGeneratedFileInChunksWithEveryMode() throws Exception {
        try (LoadStack stack = new LoadStack(dir.resolve("server"))) {
            stack.createTable("t", List.of(ColumnDefinition.of("id", DataType.INT),
                    new ColumnDefinition("name", DataType.varchar(30), true, null, null, null)), Map.of());
            Path data = dir.resolve("in");
            Files.createDirectories(data);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 30_000; i++) {
                sb.append(i).append(",name-").append(i).append('\n');
            }
            Files.writeString(data.resolve("a.csv"), sb);
            Files.writeString(data.resolve("b.csv"), "30000,last"); // no final newline
            String url = "http://127.0.0.1:" + stack.port();
            long expected = 0;
            for (String mode : List.of("off_mode", "sync_mode", "async_mode")) {
                Run run = streamloader("--source_file", data.toString(), "--url", url, "--db", "db", "--table", "t",
                        "-u", "root", "--header", "column_separator:,", "--workers", "3", "--batch_size", "1",
                        "--group_commit", mode, "--no_progress");
                expected += 30_001;
                assertThat(run.exit()).as(run.out()).isZero();
                assertThat(run.out()).contains("loaded rows: 30001").contains("failed requests: 0");
            }
            stack.awaitVisible("t");
            assertThat(stack.rows("t")).isEqualTo(expected);
            Run bad = streamloader("--source_file", data.resolve("b.csv").toString(), "--url", url, "--db", "db",
                    "--table", "nope", "--no_progress", "--max_retries", "1", "--retry_backoff_ms", "1");
            assertThat(bad.exit()).isEqualTo(1);
            assertThat(bad.out()).contains("Unknown table 'nope'");
            Run missing = streamloader("--url", url);
            assertThat(missing.exit()).isEqualTo(2);
        }
    }
}
