package io.shoaldb.bench.exec;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.exec.LineitemRows;
import java.nio.file.Path;
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
 * The TPC-H Q1-like scan + aggregate {@value Lineitem#SQL} over {@code rows} generated lineitem rows (18
 * columns, every type, NULLs), end to end through parse, plan and the parallel executor: one partition per
 * core, two tablets per partition, one rowset per tablet per 250,000-row load, as the former
 * ScanThroughputMeasurement of shoal-exec set it up. Score: ms per query (rows/s = rows / score). The answer
 * is checked against the generator once in setup. {@link DuckDbScanAggregateBenchmark} runs the same query on
 * the same rows in DuckDB.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class ScanAggregateBenchmark {
    @Param("1000000")
    public int rows;

    private Path dir;
    private BenchDatabase db;

    @Setup
    public void setUp() {
        int workers = Runtime.getRuntime().availableProcessors();
        dir = TempDirs.create("scan-aggregate");
        db = new BenchDatabase(dir, workers, workers);
        db.createDuplicate("lineitem", List.of("l_orderkey", "l_linenumber"), LineitemRows.COLUMNS, 2 * workers);
        Lineitem.Answer answer = Lineitem.load(db, rows);
        answer.check("ShoalDB", db.query(Lineitem.SQL));
    }

    @TearDown
    public void tearDown() {
        db.close();
        TempDirs.delete(dir);
    }

    @Benchmark
    public List<List<Object>> query() {
        return db.query(Lineitem.SQL);
    }
}
