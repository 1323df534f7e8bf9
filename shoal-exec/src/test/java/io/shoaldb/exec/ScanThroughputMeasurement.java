package io.shoaldb.exec;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.BufferedWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test (no assertion on time): the TPC-H Q1-like scan
 * {@code SELECT sum(l_extendedprice), count(*) FROM lineitem WHERE l_shipdate < '1998-09-02'} on
 * {@code -Dshoal.measure.rows=N} generated rows, here and in DuckDB on the same data, warm, best of 5.
 * Run: {@code mvn test -f shoal-exec/pom.xml -Dtest=ScanThroughputMeasurement -Dshoal.measure.rows=2000000}.
 */
@EnabledIfSystemProperty(named = "shoal.measure.rows", matches = "\\d+")
class ScanThroughputMeasurement {
    private static final String SQL = "SELECT sum(l_extendedprice), count(*) FROM lineitem WHERE l_shipdate < '1998-09-02'";
    private static final int CHUNK = 250_000;

    @TempDir
    Path dir;

    @Test
    void measure() throws Exception {
        int rows = Integer.parseInt(System.getProperty("shoal.measure.rows"));
        int workers = Runtime.getRuntime().availableProcessors();
        int partitions = Integer.getInteger("shoal.measure.partitions", workers);
        int buckets = Integer.getInteger("shoal.measure.buckets", 2 * partitions);
        Path csv = dir.resolve("lineitem.csv");
        try (TestDatabase db = new TestDatabase(dir, partitions, workers);
             Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            Lineitem.create(db, buckets);
            List<DataType> types = Lineitem.COLUMNS.stream().map(ColumnDefinition::type).toList();
            try (BufferedWriter w = Files.newBufferedWriter(csv)) {
                for (int from = 0, seed = 1; from < rows; from += CHUNK, seed++) {
                    List<Object[]> chunk = Lineitem.generate(Math.min(CHUNK, rows - from), seed);
                    BatchBuilder b = new BatchBuilder(types, chunk.size());
                    for (Object[] row : chunk) {
                        b.appendRow(row);
                        for (int c = 0; c < row.length; c++) {
                            if (c > 0) {
                                w.write(',');
                            }
                            Object v = row[c];
                            w.write(v == null ? "\\N" : v instanceof LocalDateTime t ? t.toString().replace('T', ' ')
                                    : v instanceof BigDecimal d ? d.toPlainString() : v.toString());
                        }
                        w.write('\n');
                    }
                    db.load("lineitem", b.build());
                }
            }
            try (Statement s = duck.createStatement()) {
                s.execute(Lineitem.DUCKDB_DDL);
                s.execute("COPY lineitem FROM '" + csv + "' (FORMAT csv, HEADER false, NULLSTR '\\N')");
            }
            Files.delete(csv);
            List<List<Object>> ours = null;
            long oursBest = Long.MAX_VALUE;
            for (int i = 0; i < 8; i++) {
                long t0 = System.nanoTime();
                ours = db.query(SQL);
                long t = System.nanoTime() - t0;
                if (i >= 3) {
                    oursBest = Math.min(oursBest, t);
                }
            }
            List<List<Object>> theirs = null;
            long duckBest = Long.MAX_VALUE;
            for (int i = 0; i < 8; i++) {
                long t0 = System.nanoTime();
                theirs = ResultComparison.duckdb(duck, SQL);
                long t = System.nanoTime() - t0;
                if (i >= 3) {
                    duckBest = Math.min(duckBest, t);
                }
            }
            ResultComparison.assertSameRows(SQL, ours, theirs, false);
            String report = String.format(
                    "rows=%d partitions=%d tablets=%d workers=%d%nShoalDB: %.1f ms = %.1f M rows/s%nDuckDB : %.1f ms = %.1f M rows/s%n"
                            + "ratio (ShoalDB time / DuckDB time) = %.2f%nresult %s%n",
                    rows, partitions, buckets, workers, oursBest / 1e6, rows / (oursBest / 1e9) / 1e6,
                    duckBest / 1e6, rows / (duckBest / 1e9) / 1e6, (double) oursBest / duckBest, ours);
            System.out.print(report);
            Files.writeString(Path.of("target", "scan-measurement.txt"), report);
        }
    }
}
