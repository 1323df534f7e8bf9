package io.shoaldb.bench.exec;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.bench.ingest.DecodeCounters;
import io.shoaldb.bench.storage.LineitemBatches;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.segment.SegmentReader;
import io.shoaldb.storage.segment.SegmentScanner;
import io.shoaldb.storage.segment.SegmentWriter;
import io.shoaldb.storage.segment.SegmentWriterOptions;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.segment.encoding.Compression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.trino.tpch.LineItem;
import io.trino.tpch.TpchTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * Issue 3: storage and query on real TPC-H {@code lineitem} rows from Trino's dbgen port
 * ({@code io.trino.tpch:tpch}) at scale factor {@code scale} (SF1 = 6,001,215 rows). The rows are generated
 * once per trial ({@link Data}) into 4096-row batches of the 16-column schema of {@link LineitemBatches}
 * (DECIMAL(15,2) money, DATE, CHAR/VARCHAR strings), and their {@code '|'}-separated text ({@code toLine()},
 * dbgen's {@code .tbl} form) is written to a temp file, whose size is the "CSV bytes" of every MB/s figure.
 * <ul>
 *   <li>{@code write}: one segment file of all rows, {@code -p compression=LZ4,ZSTD}; ops/s, with secondary
 *       {@code rows} = rows/s and {@code megabytes} = MB/s of CSV-equivalent input. The ratio CSV bytes / file
 *       bytes is printed once per trial as {@code [tpch] ...}.</li>
 *   <li>{@code scan}: every column of every row of that segment back into batches; the same counters.</li>
 *   <li>{@code shoalQuery} / {@code duckdbQuery}: {@value #SQL} through ShoalDB's parser, planner and parallel
 *       executor ({@link BenchDatabase}, partitions = workers = cores, 2 tablets per partition, one rowset per
 *       tablet per ~1M-row load) and in in-memory DuckDB loaded from the same text with
 *       {@code read_csv(delim='|')}; ms/query. Both answers are checked against the generator in setup.</li>
 * </ul>
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class TpchLineitemBenchmark {
    /** The query of issue 3 (the Q1 filter; a DATE literal as TPC-H writes it). */
    static final String SQL =
            "SELECT sum(l_extendedprice), count(*) FROM lineitem WHERE l_shipdate < DATE '1998-09-02'";
    private static final int CUTOFF = (int) LocalDate.of(1998, 9, 2).toEpochDay();
    private static final int BATCH_ROWS = 4096;
    /** Batches per ShoalDB load (one transaction, one rowset per tablet): 256 x 4096 = ~1M rows. */
    private static final int LOAD_BATCHES = 256;
    private static final LocalFiles FILES = new LocalFiles();
    static final List<String> NAMES = List.of("l_orderkey", "l_partkey", "l_suppkey", "l_linenumber",
            "l_quantity", "l_extendedprice", "l_discount", "l_tax", "l_returnflag", "l_linestatus", "l_shipdate",
            "l_commitdate", "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment");
    private static final String DUCKDB_COLUMNS = "{'l_orderkey': 'BIGINT', 'l_partkey': 'INTEGER',"
            + " 'l_suppkey': 'INTEGER', 'l_linenumber': 'INTEGER', 'l_quantity': 'DECIMAL(15,2)',"
            + " 'l_extendedprice': 'DECIMAL(15,2)', 'l_discount': 'DECIMAL(15,2)', 'l_tax': 'DECIMAL(15,2)',"
            + " 'l_returnflag': 'VARCHAR', 'l_linestatus': 'VARCHAR', 'l_shipdate': 'DATE', 'l_commitdate': 'DATE',"
            + " 'l_receiptdate': 'DATE', 'l_shipinstruct': 'VARCHAR', 'l_shipmode': 'VARCHAR',"
            + " 'l_comment': 'VARCHAR', 'l_trailing': 'VARCHAR'}";

    /** The generated rows: batches, the '|' text file and the expected answer of {@link #SQL}. */
    @State(Scope.Benchmark)
    public static class Data {
        /** TPC-H scale factor; 1 = 6,001,215 rows, 0.1 for quick runs. */
        @Param("1")
        public String scale;

        Path dir;
        Path csv;
        long csvBytes;
        long rows;
        List<Batch> batches;
        Lineitem.Answer answer;

        @Setup(Level.Trial)
        public void generate() throws IOException {
            dir = TempDirs.create("tpch");
            csv = dir.resolve("lineitem.tbl");
            batches = new ArrayList<>();
            BatchBuilder b = new BatchBuilder(LineitemBatches.TYPES, BATCH_ROWS);
            long sumCents = 0;
            long count = 0;
            try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.US_ASCII)) {
                for (LineItem li : TpchTable.LINE_ITEM.createGenerator(Double.parseDouble(scale), 1, 1)) {
                    w.write(li.toLine());
                    w.write('\n');
                    append(b, li);
                    if (b.rowCount() == BATCH_ROWS) {
                        batches.add(b.build());
                    }
                    if (li.shipDate() < CUTOFF) {
                        sumCents += li.extendedPriceInCents();
                        count++;
                    }
                    rows++;
                }
            }
            if (b.rowCount() > 0) {
                batches.add(b.build());
            }
            csvBytes = Files.size(csv);
            answer = new Lineitem.Answer(BigDecimal.valueOf(sumCents, 2), count);
            System.out.printf("%n[tpch] SF %s: %d lineitem rows, '|' text %.1f MB, in-memory batches %.1f MB%n",
                    scale, rows, csvBytes / 1e6, batches.stream().mapToLong(Batch::retainedBytes).sum() / 1e6);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            TempDirs.delete(dir);
        }

        private static void append(BatchBuilder b, LineItem li) {
            ((LongVectorBuilder) b.column(0)).appendLong(li.orderKey());
            ((IntVectorBuilder) b.column(1)).appendInt(Math.toIntExact(li.partKey()));
            ((IntVectorBuilder) b.column(2)).appendInt(Math.toIntExact(li.supplierKey()));
            ((IntVectorBuilder) b.column(3)).appendInt(li.lineNumber());
            // DECIMAL(15,2) as unscaled longs: quantity is whole units, discount and tax are percent.
            ((LongVectorBuilder) b.column(4)).appendLong(li.quantity() * 100);
            ((LongVectorBuilder) b.column(5)).appendLong(li.extendedPriceInCents());
            ((LongVectorBuilder) b.column(6)).appendLong(li.discountPercent());
            ((LongVectorBuilder) b.column(7)).appendLong(li.taxPercent());
            str(b, 8, li.returnFlag());
            str(b, 9, li.status());
            // DATE = days since 1970-01-01, as the generator gives them.
            ((IntVectorBuilder) b.column(10)).appendInt(li.shipDate());
            ((IntVectorBuilder) b.column(11)).appendInt(li.commitDate());
            ((IntVectorBuilder) b.column(12)).appendInt(li.receiptDate());
            str(b, 13, li.shipInstructions());
            str(b, 14, li.shipMode());
            str(b, 15, li.comment());
        }

        private static void str(BatchBuilder b, int column, String s) {
            byte[] bytes = s.getBytes(StandardCharsets.US_ASCII);
            ((BytesVectorBuilder) b.column(column)).appendBytes(bytes, 0, bytes.length);
        }
    }

    /** One segment file of all rows per compression, written in setup for {@code scan}. */
    @State(Scope.Benchmark)
    public static class Segments {
        @Param({"LZ4", "ZSTD"})
        public Compression compression;

        Data data;
        Path dir;
        Path scanFile;
        Path writeFile;
        SegmentWriterOptions options;

        @Setup(Level.Trial)
        public void setUp(Data d) {
            data = d;
            dir = TempDirs.create("tpch-segment");
            options = SegmentWriterOptions.DEFAULT.withCompression(compression);
            scanFile = dir.resolve("scan.seg");
            writeFile = dir.resolve("write.seg");
            write(scanFile);
            long scanned = scan();
            if (scanned != data.rows) {
                throw new IllegalStateException("scanned " + scanned + " of " + data.rows + " rows");
            }
        }

        @Setup(Level.Invocation)
        public void removeWriteFile() throws IOException {
            Files.deleteIfExists(writeFile);
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            long fileBytes = Files.size(scanFile);
            System.out.printf("%n[tpch] SF %s %s: %d rows, '|' text %.1f MB, segment file %.1f MB,"
                    + " ratio text/file %.2f%n", data.scale, compression, data.rows, data.csvBytes / 1e6,
                    fileBytes / 1e6, (double) data.csvBytes / fileBytes);
            TempDirs.delete(dir);
        }

        Path write(Path file) {
            try (SegmentWriter w = SegmentWriter.create(FILES, file, LineitemBatches.columns(), options)) {
                for (Batch b : data.batches) {
                    w.append(b);
                }
                w.finish();
            }
            return file;
        }

        long scan() {
            long scanned = 0;
            try (SegmentReader r = SegmentReader.open(FILES, scanFile)) {
                SegmentScanner s = r.scan(LineitemBatches.allColumns(), ZoneMapPredicate.ALWAYS);
                for (Batch b = s.next(); b != null; b = s.next()) {
                    scanned += b.rowCount();
                }
            }
            return scanned;
        }
    }

    /** The rows loaded into ShoalDB and into DuckDB, both answers checked once. */
    @State(Scope.Benchmark)
    public static class Engines {
        Path dir;
        BenchDatabase db;
        Connection duck;

        @Setup(Level.Trial)
        public void setUp(Data data) throws SQLException {
            int workers = Runtime.getRuntime().availableProcessors();
            dir = TempDirs.create("tpch-engines");
            db = new BenchDatabase(dir, workers, workers);
            List<ColumnDefinition> columns = new ArrayList<>();
            for (int i = 0; i < NAMES.size(); i++) {
                columns.add(new ColumnDefinition(NAMES.get(i), LineitemBatches.TYPES.get(i), false, null, null, null));
            }
            db.createDuplicate("lineitem", List.of("l_orderkey"), columns, 2 * workers);
            for (int from = 0; from < data.batches.size(); from += LOAD_BATCHES) {
                db.load("lineitem", data.batches.subList(from, Math.min(from + LOAD_BATCHES, data.batches.size())));
            }
            duck = DriverManager.getConnection("jdbc:duckdb:");
            try (Statement s = duck.createStatement()) {
                s.execute("CREATE TABLE lineitem AS SELECT * EXCLUDE (l_trailing) FROM read_csv('" + data.csv
                        + "', delim = '|', header = false, auto_detect = false, columns = " + DUCKDB_COLUMNS + ")");
            }
            List<List<Object>> shoal = db.query(SQL);
            List<List<Object>> duckdb = duckQuery(duck);
            System.out.printf("%n[tpch] SF %s answers: ShoalDB %s, DuckDB %s, generator [[%s, %d]]%n", data.scale,
                    shoal, duckdb, data.answer.sum(), data.answer.count());
            data.answer.check("ShoalDB", shoal);
            data.answer.check("DuckDB", duckdb);
        }

        @TearDown(Level.Trial)
        public void tearDown() throws SQLException {
            if (duck != null) {
                duck.close();
            }
            if (db != null) {
                db.close();
            }
            TempDirs.delete(dir);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Path write(Segments s, DecodeCounters counters) {
        Path p = s.write(s.writeFile);
        counters.rows += s.data.rows;
        counters.megabytes += s.data.csvBytes / 1e6;
        return p;
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long scan(Segments s, DecodeCounters counters) {
        long scanned = s.scan();
        counters.rows += scanned;
        counters.megabytes += s.data.csvBytes / 1e6;
        return scanned;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public List<List<Object>> shoalQuery(Engines e) {
        return e.db.query(SQL);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public List<List<Object>> duckdbQuery(Engines e) throws SQLException {
        return duckQuery(e.duck);
    }

    static List<List<Object>> duckQuery(Connection duck) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(SQL)) {
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
