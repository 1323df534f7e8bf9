package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's Go program ({@code src/test/go/async_lineitem/main.go}: go-sql-driver/mysql, 20 goroutines,
 * 100-row 16-column multi-VALUES INSERTs into {@code async_lineitem}), bounded, built offline against
 * Debian's golang-github-go-sql-driver-mysql-dev (as {@code /work/shared/peers/go-build.sh} does) and run
 * against the real server; the rows it says were acknowledged are exactly the rows in the table.
 *
 * <p>Needs {@code go} and the driver (Debian packages {@code golang-go golang-github-go-sql-driver-mysql-dev},
 * installed by .ci/run); fails with that message when they are missing.
 */
class SeedGoProgramTest {
    private static final String GOPATH = "/usr/share/gocode";
    private static final int THREADS = 20;
    private static final int ITERATIONS = Integer.getInteger("go.iterations", 5);
    private static final Pattern ACKED = Pattern.compile("acknowledged rows: (\\d+)");

    @TempDir
    static Path dir;
    static TestServer server;
    static Path binary;

    @BeforeAll
    static void buildAndStart() throws Exception {
        binary = build();
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE test");
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The seed's lineitem DDL, as {@code async_lineitem}, with extra properties. */
    private static String createLineitem(String table, String properties) {
        return """
                CREATE TABLE IF NOT EXISTS %s (
                    L_ORDERKEY    INTEGER NOT NULL,
                    L_PARTKEY     INTEGER NOT NULL,
                    L_SUPPKEY     INTEGER NOT NULL,
                    L_LINENUMBER  INTEGER NOT NULL,
                    L_QUANTITY    DECIMAL(15,2) NOT NULL,
                    L_EXTENDEDPRICE  DECIMAL(15,2) NOT NULL,
                    L_DISCOUNT    DECIMAL(15,2) NOT NULL,
                    L_TAX         DECIMAL(15,2) NOT NULL,
                    L_RETURNFLAG  CHAR(1) NOT NULL,
                    L_LINESTATUS  CHAR(1) NOT NULL,
                    L_SHIPDATE    DATE NOT NULL,
                    L_COMMITDATE  DATE NOT NULL,
                    L_RECEIPTDATE DATE NOT NULL,
                    L_SHIPINSTRUCT CHAR(25) NOT NULL,
                    L_SHIPMODE     CHAR(10) NOT NULL,
                    L_COMMENT      VARCHAR(44) NOT NULL
                  )
                  DUPLICATE KEY(L_ORDERKEY, L_PARTKEY, L_SUPPKEY, L_LINENUMBER)
                  DISTRIBUTED BY HASH(L_ORDERKEY) BUCKETS 32
                  PROPERTIES (
                    "replication_num" = "1"%s
                  )""".formatted(table, properties);
    }

    @Test
    void seedGoProgramWithGroupCommitInTheDsn() throws Exception {
        runAndCheck("async_lineitem", "", "group_commit=async_mode");
    }

    @Test
    void seedGoProgramWithGroupCommitAsTableProperty() throws Exception {
        runAndCheck("async_lineitem_prop", ",\n\"group_commit_mode\" = \"async_mode\"", "");
    }

    private static void runAndCheck(String table, String properties, String dsnParams) throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("USE test");
            s.execute(createLineitem(table, ",\n\"group_commit_interval_ms\" = \"1000\"" + properties));
        }
        List<String> command = new ArrayList<>(List.of(binary.toString(), "-port", Integer.toString(server.port()),
                "-db", "test", "-table", table, "-threads", Integer.toString(THREADS), "-batch", "100",
                "-iterations", Integer.toString(ITERATIONS)));
        if (!dsnParams.isEmpty()) {
            command.addAll(List.of("-params", dsnParams));
        }
        Result run = exec(command, Map.of(), 300);
        System.out.println("Go program (" + table + "):\n" + run.output());
        assertThat(run.exitCode()).as(run.output()).isZero();
        Matcher m = ACKED.matcher(run.output());
        assertThat(m.find()).as(run.output()).isTrue();
        long acknowledged = Long.parseLong(m.group(1));
        assertThat(acknowledged).isEqualTo((long) THREADS * ITERATIONS * 100);

        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("USE test");
            Map<String, String> status = GcSql.groupCommitStatus(s, "test", table);
            assertThat(status.get("Mode")).as("the loads went through async group commit: " + status)
                    .isEqualTo("ASYNC");
            s.execute("SYNC GROUP COMMIT ON test." + table);
            assertThat(GcSql.count(s, table)).isEqualTo(acknowledged);
            assertThat(GcSql.rows(s, "select L_RETURNFLAG, L_LINESTATUS, L_SHIPMODE, L_COMMENT from " + table))
                    .hasSize((int) acknowledged).allMatch(r -> r.equals("N|O|SHIP|N/A"), "the seed's constant columns");
            // Merged: far fewer versions than INSERTs (one version per commit).
            long inserts = (long) THREADS * ITERATIONS;
            long maxVersion = 0;
            try (ResultSet rs = s.executeQuery("SHOW TABLETS FROM " + table)) {
                while (rs.next()) {
                    maxVersion = Math.max(maxVersion, rs.getLong("Version"));
                }
            }
            System.out.println(table + ": " + inserts + " INSERTs, highest tablet version " + maxVersion);
            assertThat(maxVersion).as("versions vs INSERTs").isLessThan(inserts / 2);
        }
    }

    /** Builds the program offline (GOPATH mode against the Debian driver package) into target/. */
    private static Path build() throws Exception {
        Path source = Path.of("src/test/go/async_lineitem").toAbsolutePath();
        assertThat(source.resolve("main.go")).exists();
        Path target = Path.of("target/go").toAbsolutePath();
        Files.createDirectories(target);
        Path out = target.resolve("async_lineitem");
        Result version;
        try {
            version = exec(List.of("go", "version"), Map.of(), 60);
        } catch (IOException e) {
            throw new AssertionError("`go` is not installed: this test needs the Debian packages golang-go and "
                    + "golang-github-go-sql-driver-mysql-dev (.ci/run installs them; or run "
                    + "sh /work/shared/peers/install.sh)", e);
        }
        assertThat(Path.of(GOPATH, "src/github.com/go-sql-driver/mysql"))
                .as("go-sql-driver/mysql: install golang-github-go-sql-driver-mysql-dev").isDirectory();
        Result build = exec(List.of("go", "build", "-o", out.toString(), "."),
                Map.of("GO111MODULE", "off", "GOPATH", GOPATH, "GOFLAGS", "",
                        "GOCACHE", target.resolve("gocache").toString()), 300, source);
        assertThat(build.exitCode()).as("go build (" + version.output().strip() + "):\n" + build.output()).isZero();
        return out;
    }

    record Result(int exitCode, String output) {
    }

    private static Result exec(List<String> command, Map<String, String> env, int timeoutSeconds) throws Exception {
        return exec(command, env, timeoutSeconds, null);
    }

    private static Result exec(List<String> command, Map<String, String> env, int timeoutSeconds, Path workDir)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        if (workDir != null) {
            builder.directory(workDir.toFile());
        }
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command + "\n" + output);
        }
        return new Result(process.exitValue(), output);
    }
}
