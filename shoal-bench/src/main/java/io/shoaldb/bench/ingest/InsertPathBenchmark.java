package io.shoaldb.bench.ingest;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.convert.ColumnMapping;
import io.shoaldb.ingest.convert.ConversionPolicy;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.convert.RowBatchAssembler;
import io.shoaldb.ingest.convert.RowLayout;
import io.shoaldb.bench.storage.LineitemBatches;
import io.shoaldb.ingest.groupcommit.wal.WalFormat;
import io.shoaldb.ingest.groupcommit.wal.WalHeader;
import io.shoaldb.ingest.groupcommit.wal.WalHealth;
import io.shoaldb.ingest.groupcommit.wal.WalWriter;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.parser.LiteralInsert;
import io.shoaldb.sql.parser.LiteralInsertScanner;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.sql.SqlNode;
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
 * The steps a 1-row {@code INSERT INTO t (id, name, score) VALUES (n, 'name-n', n % 100)} takes on the server,
 * one at a time, so that a regression in one shows (the statement of {@code bench/insert.sh}; nanoseconds per
 * statement):
 * <ul>
 * <li>{@code scanLiteralInsert}: the literal-INSERT scanner (what a plain execution now parses);</li>
 * <li>{@code parseLiteralInsertTree}: the same statement to a Calcite tree (the path before the scanner; still
 * what prepared statements take);</li>
 * <li>{@code convertRow}: the scan, then an assembler for the table's load schema, the row's values converted and the batch built;</li>
 * <li>{@code convertRowSharedLayout}: the same with the row layout (mapping, defaults, policy) made once, as INSERT
 * now keeps it per table version and column list;</li>
 * <li>{@code bindLineitemObjects} and {@code bindLineitemTyped}: the 100 rows of one execution of the seed's JDBC
 * program (a prepared 16-column lineitem INSERT, Connector/J's binary parameters) converted from the bytes they
 * arrive as - as the objects the parameters used to be decoded to (Long, String, BigDecimal, LocalDate; an object
 * per value), and read where they lie ({@link RowBatchAssembler#appendTyped}, what a prepared INSERT does now) -
 * nanoseconds per 100 rows;</li>
 * <li>{@code encodeWalRecord}: the batch framed as an async load's WAL record;</li>
 * <li>{@code appendWalRecord}: that record written to an open WAL file (no fsync: the group fsync is shared by
 * every load in flight, and its cost is the device's, see GroupCommitBenchmark.asyncAck*).</li>
 * </ul>
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class InsertPathBenchmark {
    private static final TabletSchema SCHEMA = new TabletSchema(List.of(new SegmentColumn(1, DataType.BIGINT),
            new SegmentColumn(2, DataType.varchar(64)), new SegmentColumn(3, DataType.INT)), 1, KeysModel.DUPLICATE,
            null, -1);
    private static final LoadSchema LOAD_SCHEMA = new LoadSchema(SCHEMA, List.of("id", "name", "score"),
            List.of(false, true, true));
    private static final ColumnMapping COLUMNS = ColumnMapping.of(List.of("id", "name", "score"));
    private static final RowLayout LAYOUT = new RowLayout(LOAD_SCHEMA, COLUMNS, ConversionPolicy.insert(true));
    private static final LoadSchema LINEITEM = new LoadSchema(new TabletSchema(LineitemBatches.columns(), 1,
            KeysModel.DUPLICATE, null, -1), LineitemBatches.NAMES, java.util.Collections.nCopies(16, true));
    private static final RowLayout LINEITEM_LAYOUT = new RowLayout(LINEITEM, ColumnMapping.of(LineitemBatches.NAMES),
            ConversionPolicy.insert(true));
    private final LineitemParameters lineitem = new LineitemParameters(100);

    private long n = 1_000_000;
    private Batch batch;
    private ByteBuffer record;
    private Path dir;
    private WalWriter wal;

    private String nextStatement() {
        long id = n++;
        return "INSERT INTO t (id, name, score) VALUES (" + id + ", 'name-" + id + "', " + (id % 100) + ")";
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        batch = convert(LiteralInsertScanner.scan(nextStatement()));
        record = WalFormat.encodeRecord(null, batch);
        dir = TempDirs.create("insert-path");
        wal = WalWriter.create(new LocalFiles(), dir.resolve("1_wal"),
                new WalHeader(1, 2, 3, "group_commit_bench", SCHEMA.columns()), WalHealth.NONE);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        wal.closeForReplay();
        TempDirs.delete(dir);
    }

    @Benchmark
    public LiteralInsert scanLiteralInsert() {
        return LiteralInsertScanner.scan(nextStatement());
    }

    @Benchmark
    public SqlNode parseLiteralInsertTree() {
        return DorisSqlParser.parse(nextStatement());
    }

    @Benchmark
    public Batch convertRow() {
        return convert(LiteralInsertScanner.scan(nextStatement()));
    }

    @Benchmark
    public Batch convertRowSharedLayout() {
        LiteralInsert insert = LiteralInsertScanner.scan(nextStatement());
        RowBatchAssembler assembler = new RowBatchAssembler(LAYOUT, 1, Long.MAX_VALUE, 64);
        assembler.appendObjects(insert.longValue(0), insert.stringBytes(1), insert.longValue(2));
        return assembler.flush();
    }

    @Benchmark
    public Batch bindLineitemObjects() {
        RowBatchAssembler assembler = new RowBatchAssembler(LINEITEM_LAYOUT, 100, Long.MAX_VALUE, 64);
        Object[] row = new Object[16];
        for (int r = 0; r < lineitem.rows(); r++) {
            lineitem.row(r);
            for (int f = 0; f < 16; f++) {
                row[f] = lineitem.object(f);
            }
            assembler.appendObjects(row);
        }
        return assembler.flush();
    }

    @Benchmark
    public Batch bindLineitemTyped() {
        RowBatchAssembler assembler = new RowBatchAssembler(LINEITEM_LAYOUT, 100, Long.MAX_VALUE, 64);
        for (int r = 0; r < lineitem.rows(); r++) {
            lineitem.row(r);
            assembler.appendTyped(lineitem);
        }
        return assembler.flush();
    }

    @Benchmark
    public ByteBuffer encodeWalRecord() {
        return WalFormat.encodeRecord(null, batch);
    }

    @Benchmark
    public long appendWalRecord() throws IOException {
        return wal.append(record.duplicate());
    }

    /** What INSERT does with the scanned row: the values as the converters take them (see LiteralValues). */
    private static Batch convert(LiteralInsert insert) {
        RowBatchAssembler assembler = new RowBatchAssembler(LOAD_SCHEMA, COLUMNS, ConversionPolicy.insert(true), 1,
                Long.MAX_VALUE, 64);
        assembler.appendObjects(insert.longValue(0), insert.stringBytes(1), insert.longValue(2));
        return assembler.flush();
    }
}
