package io.shoaldb.bench.protocol;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One client's round trip of the statement Connector/J sends before every INSERT, {@code SELECT
 * @@session.transaction_read_only}, through an in-process server over loopback: what every statement pays whatever
 * its text (the socket read, the hand-off to the statement's thread and back or its answer on the event loop, the
 * result set's packets, the audit line). Score: µs per statement, client included; a second benchmark sends
 * {@code SELECT 1}, which is planned and run by the executor, for comparison.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class StatementRoundTripBenchmark {
    private Path dir;
    private TestServer server;
    private Connection connection;
    private Statement statement;

    @Setup(Level.Trial)
    public void start() throws Exception {
        dir = TempDirs.create("statement-round-trip");
        server = TestServer.start(dir);
        connection = server.connect();
        statement = connection.createStatement();
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        connection.close();
        server.close();
        TempDirs.delete(dir);
    }

    @Benchmark
    public boolean sessionVariable() throws SQLException {
        return read("SELECT @@session.transaction_read_only");
    }

    @Benchmark
    public boolean selectOne() throws SQLException {
        return read("SELECT 1");
    }

    private boolean read(String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            return rows.next();
        }
    }
}
