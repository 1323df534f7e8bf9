package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code mysql} command-line client (installed by .ci/run) against the real server. */
class MysqlCliTest {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws IOException {
        server = TestServer.start(dir);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Runs the CLI in batch mode with {@code sql} on stdin; returns exit code and combined output. */
    private static Result mysql(String sql, String... extraArgs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mysql", "-h127.0.0.1", "-P" + server.port(), "-uroot",
                "--batch", "--skip-ssl"));
        command.addAll(List.of(extraArgs));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().write(sql.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }

    record Result(int exitCode, String output) {
    }

    @Test
    void runsTheSeedDdlAndShowsItBack() throws Exception {
        Result result = mysql("CREATE DATABASE cli;\nUSE cli;\n" + SeedStatements.CREATE_DT
                + "\nSHOW TABLES;\nselect @@version_comment limit 1;\n");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("Tables_in_cli\ndt\n").contains("ShoalDB");
    }

    @Test
    void interactiveStartupQueriesWork() throws Exception {
        // Without --batch's silence the CLI asks @@version_comment and prints the server greeting.
        Result result = mysql("SELECT 1 AS one;\n", "--table");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).containsPattern("\\|\\s+one\\s+\\|").containsPattern("\\|\\s+1\\s+\\|");
    }

    @Test
    void errorsAreReportedWithNumberAndTheServerKeepsServing() throws Exception {
        Result bad = mysql("SELEC 1;\n");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.output()).contains("ERROR 1064 (42000)");
        Result good = mysql("SELECT 2;\n");
        assertThat(good.exitCode()).isZero();
        assertThat(good.output()).contains("2");
    }
}
