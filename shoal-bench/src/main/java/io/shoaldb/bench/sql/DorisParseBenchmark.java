package io.shoaldb.bench.sql;

import io.shoaldb.sql.parser.DorisSqlParser;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.sql.SqlNode;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link DorisSqlParser#parse} of one multi-row {@code INSERT INTO t (c1..c16) VALUES (...), ...} statement
 * of {@code rows} rows x 16 columns (integers, decimals, quoted strings with an escaped quote, dates,
 * datetimes, NULL): MySQL lexical normalisation plus the generated Calcite parser, building the SqlNode tree.
 * Score: ms per statement (the design notes put Doris' parser at ~17.5 ms for 1000 rows).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class DorisParseBenchmark {
    @Param("1000")
    public int rows;

    private String sql;

    @Setup
    public void setUp() {
        sql = insert(rows, new Random(1));
        DorisSqlParser.parse(sql); // fails the trial at once if the statement does not parse
    }

    @Benchmark
    public SqlNode parse() {
        return DorisSqlParser.parse(sql);
    }

    /** {@code INSERT INTO lineitem (c1, ..., c16) VALUES} and {@code rows} 16-value tuples. */
    static String insert(int rows, Random r) {
        StringBuilder sb = new StringBuilder(rows * 180);
        sb.append("INSERT INTO lineitem (l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_extendedprice,"
                + " l_discount, l_tax, l_returnflag, l_linestatus, l_shipdate, l_commitdate, l_receiptts,"
                + " l_shipinstruct, l_shipmode, l_comment) VALUES ");
        for (int i = 0; i < rows; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            int day = 1 + r.nextInt(28);
            sb.append('(').append(1 + i / 4).append(", ").append(r.nextInt(200_000)).append(", ")
                    .append(r.nextInt(10_000)).append(", ").append(1 + i % 4).append(", ")
                    .append(1 + r.nextInt(50)).append(".00, ").append(900 + r.nextInt(100_000)).append('.')
                    .append(10 + r.nextInt(90)).append(", 0.0").append(r.nextInt(10)).append(", 0.0")
                    .append(r.nextInt(9)).append(", '").append("NRA".charAt(r.nextInt(3))).append("', '")
                    .append("OF".charAt(r.nextInt(2))).append("', '1996-03-").append(day < 10 ? "0" : "")
                    .append(day).append("', '1996-04-").append(day < 10 ? "0" : "").append(day)
                    .append("', '1996-05-").append(day < 10 ? "0" : "").append(day).append(" 10:31:07', ")
                    .append(r.nextInt(10) == 0 ? "NULL" : "'DELIVER IN PERSON'").append(", 'TRUCK', ")
                    .append(r.nextInt(5) == 0 ? "'it''s final deposits'" : "'carefully final deposits haggle'")
                    .append(')');
        }
        return sb.toString();
    }
}
