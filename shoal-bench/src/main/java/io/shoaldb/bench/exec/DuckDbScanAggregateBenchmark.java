package io.shoaldb.bench.exec;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.exec.LineitemRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The reference point for {@link ScanAggregateBenchmark}: the same query on the same generated rows in an
 * in-memory DuckDB (JDBC, default threads = cores), loaded with COPY from a CSV file written in setup. Score:
 * ms per query including JDBC result reading.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class DuckDbScanAggregateBenchmark {
    @Param("1000000")
    public int rows;

    private Path dir;
    private Connection duck;

    @Setup
    public void setUp() throws IOException, SQLException {
        dir = TempDirs.create("duckdb");
        Path csv = dir.resolve("lineitem.csv");
        Lineitem.Answer answer = Lineitem.writeCsv(csv, rows);
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute(LineitemRows.DUCKDB_DDL);
            s.execute("COPY lineitem FROM '" + csv + "' (FORMAT csv, HEADER false, NULLSTR '\\N', QUOTE '\"')");
        }
        Files.delete(csv);
        answer.check("DuckDB", query());
    }

    @TearDown
    public void tearDown() throws SQLException {
        duck.close();
        TempDirs.delete(dir);
    }

    @Benchmark
    public List<List<Object>> query() throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(Lineitem.SQL)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int c = 1; c <= n; c++) {
                    row.add(rs.getObject(c));
                }
                out.add(row);
            }
        }
        return out;
    }
}
