package io.shoaldb.testing.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python's SQLAlchemy reflection (Debian's python3-sqlalchemy and python3-pymysql) and Node's mysql2 read the
 * tables and columns of a database. The programs are in src/test/python and src/test/node; .ci/run installs
 * their packages, and the Node test runs {@code npm ci} itself when its fixture has no node_modules yet.
 */
class ScriptedClientsTest {
    /** Debian's interpreter, which the apt packages install for (a pyenv or venv python3 may not have them). */
    private static final String PYTHON = "/usr/bin/python3";

    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE shop");
            s.execute("""
                    CREATE TABLE shop.orders (
                        id BIGINT NOT NULL,
                        customer VARCHAR(40) NOT NULL,
                        amount DECIMAL(12,2) NULL,
                        note STRING NULL,
                        placed DATETIME NULL
                    ) UNIQUE KEY(id, customer)
                    DISTRIBUTED BY HASH(id) BUCKETS 2""");
            s.execute("CREATE TABLE shop.log (ts DATETIME NOT NULL, msg VARCHAR(200) NULL) DUPLICATE KEY(ts) "
                    + "DISTRIBUTED BY RANDOM BUCKETS 1");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void sqlAlchemyReflectsTablesAndColumns() throws Exception {
        Path script = Path.of("src/test/python/reflect_metadata.py").toAbsolutePath();
        Map<String, String> out = run(List.of(PYTHON, script.toString(), Integer.toString(server.port()), "shop",
                "orders", "log"), null, "python3-sqlalchemy and python3-pymysql (apt; .ci/run installs them)");
        assertThat(out).containsEntry("schemas", "information_schema|shop")
                .containsEntry("tables", "log|orders")
                .containsEntry("columns", "id BIGINT False|customer VARCHAR(40) False|amount DECIMAL(12, 2) True"
                        + "|note TEXT True|placed DATETIME True")
                // The MySQL dialect reads keys from SHOW CREATE TABLE's MySQL clauses (PRIMARY KEY (...)); Doris's
                // UNIQUE KEY(...) is not one, so, as against Doris, reflection finds no primary key.
                .containsEntry("primary_key", "")
                .containsEntry("duplicate_primary_key", "")
                .containsEntry("has_table", "True")
                .containsEntry("has_no_such_table", "False");
    }

    @Test
    void nodeMysql2ListsTablesAndColumns() throws Exception {
        Path fixture = Path.of("src/test/node").toAbsolutePath();
        if (!Files.isDirectory(fixture.resolve("node_modules/mysql2"))) {
            run(List.of("npm", "ci", "--no-audit", "--no-fund"), fixture, "npm (the nodejs and npm packages)");
        }
        Map<String, String> out = run(List.of("node", "list-metadata.js", Integer.toString(server.port()), "shop",
                "orders"), fixture, "node (the nodejs package)");
        assertThat(out).containsEntry("tables", "log:BASE TABLE|orders:BASE TABLE")
                .containsEntry("columns", "id bigint(20) NO PRI|customer varchar(40) NO PRI|amount decimal(12,2) YES "
                        + "|note text YES |placed datetime YES ")
                .containsEntry("shownColumns", "id|customer|amount|note|placed");
    }

    /** Runs a client program and reads its answers: lines of "name TAB value" (other lines, npm's, are ignored). */
    private static Map<String, String> run(List<String> command, Path workDir, String needs) throws Exception {
        Path stderr = Files.createTempFile(dir, "client", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
        if (workDir != null) {
            builder.directory(workDir.toFile());
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError(command.get(0) + " could not be started; this test needs " + needs, e);
        }
        process.getOutputStream().close();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        String errors = Files.readString(stderr);
        assertThat(process.exitValue()).as("%s failed (needs %s):\n%s\n%s", command, needs, stdout, errors).isZero();
        Map<String, String> answers = new HashMap<>();
        for (String line : stdout.split("\n")) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                answers.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return answers;
    }
}
