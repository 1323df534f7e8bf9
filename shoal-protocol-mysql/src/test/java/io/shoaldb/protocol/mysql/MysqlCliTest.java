package io.shoaldb.protocol.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The mysql command-line client (where installed: Debian's mariadb-client provides it) against the server. */
class MysqlCliTest {
    static ServerFixture fixture;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mysql")), "no mysql CLI installed");
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static String run(String... sql) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/mysql", "-h", "127.0.0.1", "-P",
                Integer.toString(fixture.server.port()), "-u", "alice", "-psecret", "--ssl=0", "-vvv", "db"));
        for (String statement : sql) {
            command.add("-e");
            command.add(statement);
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return output;
    }

    @Test
    void printsTheOkInfoText() throws Exception {
        String output = run("INSERT INTO t VALUES (1)");
        System.out.println(output);
        System.out.println("mysql CLI statements: " + fixture.sessions.lastSession().statements);
        assertThat(output).contains("Query OK, 1 row affected, 1 warning")
                .contains("{'label':'shoal_1', 'status':'VISIBLE', 'txnId':'7'}");
    }

    @Test
    void printsResultsAndErrors() throws Exception {
        String output = run("SELECT ALL_TYPES");
        assertThat(output).contains("-170141183460469231731687303715884105728")
                .contains("2024-02-29 12:34:56.123456").contains("wörld ✓ 😀").contains("3 rows in set");
        assertThat(run("SELECT FAIL")).contains("ERROR 1146 (42S02)").contains("Table 'db.missing' doesn't exist");
    }
}
