package io.shoaldb.bench.protocol;

import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.protocol.mysql.codec.PayloadWriter;
import io.shoaldb.protocol.mysql.result.BinaryRowEncoder;
import io.shoaldb.protocol.mysql.result.RowEncoder;
import io.shoaldb.protocol.mysql.result.TextRowEncoder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encoding one 12-column lineitem-like result row (BIGINT, INT, 3 DECIMAL(15,2), DOUBLE, CHAR(1), VARCHAR,
 * DATE, DATETIME, STRING, one NULL) into a MySQL ResultsetRow payload: the text protocol (COM_QUERY) and the
 * binary protocol (COM_STMT_EXECUTE). Score: ns per row, buffer allocation and release included, no framing
 * or socket I/O.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class MysqlRowEncodeBenchmark {
    private static final List<ResultColumn> COLUMNS = List.of(
            ResultColumn.of("l_orderkey", DataType.BIGINT),
            ResultColumn.of("l_linenumber", DataType.INT),
            ResultColumn.of("l_quantity", DataType.decimal(15, 2)),
            ResultColumn.of("l_extendedprice", DataType.decimal(15, 2)),
            ResultColumn.of("l_discount", DataType.decimal(15, 2)),
            ResultColumn.of("l_tax", DataType.DOUBLE),
            ResultColumn.of("l_returnflag", DataType.charType(1)),
            ResultColumn.of("l_shipmode", DataType.varchar(10)),
            ResultColumn.of("l_shipdate", DataType.DATE),
            ResultColumn.of("l_committs", DataType.datetime(0)),
            ResultColumn.of("l_comment", DataType.STRING),
            ResultColumn.of("l_flag", DataType.BOOLEAN));
    private static final Object[] ROW = {4_200_007L, 3, new BigDecimal("17.00"), new BigDecimal("25442.37"),
        new BigDecimal("0.06"), 0.040013, "N", "REG AIR", LocalDate.of(1996, 3, 13),
        LocalDateTime.of(1996, 2, 12, 10, 31, 7), "carefully final deposits haggle furiously", null};

    private final RowEncoder text = new TextRowEncoder();
    private final RowEncoder binary = new BinaryRowEncoder();
    private final QueryResult row = new OneRow();

    @Benchmark
    public int textRow() {
        return encode(text);
    }

    @Benchmark
    public int binaryRow() {
        return encode(binary);
    }

    private int encode(RowEncoder encoder) {
        PayloadWriter payload = encoder.encode(COLUMNS, row);
        int length = payload.length();
        payload.discard();
        return length;
    }

    /** A result positioned on {@link #ROW}. */
    private static final class OneRow implements QueryResult {
        @Override
        public List<ResultColumn> columns() {
            return COLUMNS;
        }

        @Override
        public boolean next() {
            return false;
        }

        @Override
        public Object get(int index) {
            return ROW[index];
        }

        @Override
        public void close() {
        }
    }
}
