package io.shoaldb.bench.exec;

import io.shoaldb.exec.operator.RowComparator;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ordering the buffered rows of one ORDER BY driver ({@link RowComparator#sortedRows}): {@code rows} rows shaped
 * like the TPC-H {@code sort} query's (l_extendedprice DECIMAL(15,2), l_orderkey BIGINT, l_linenumber INT,
 * l_shipdate DATE), by {@code keys}: {@code price} = price DESC, orderkey, linenumber (the query's; the first key
 * packs, ties by the comparator), {@code date} = shipdate, orderkey (both pack), {@code string} = a string column
 * first (nothing packs: the comparator sort). {@code method}: {@code packed} = what sorts use now, {@code comparator}
 * = the merge sort with a comparator per comparison that was used before. Score: ms per sort.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SortRowsBenchmark {
    private static final List<DataType> TYPES = List.of(DataType.decimal(15, 2), DataType.BIGINT, DataType.INT,
            DataType.DATE, DataType.varchar(25));

    @Param({"packed", "comparator"})
    public String method;

    @Param({"price", "date", "string"})
    public String keys;

    @Param("250000")
    public int rows;

    private Batch batch;
    private List<SortKey> sortKeys;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(7);
        BatchBuilder b = new BatchBuilder(TYPES, rows);
        for (int i = 0; i < rows; i++) {
            b.appendRow(BigDecimal.valueOf(90_000 + random.nextLong(10_400_000), 2), (long) random.nextInt(6_000_000),
                    1 + random.nextInt(7), LocalDate.of(1998, 1, 1).plusDays(random.nextInt(335)),
                    "Customer#" + random.nextInt(150_000));
        }
        batch = b.build();
        sortKeys = switch (keys) {
            case "price" -> List.of(new SortKey(0, false, false), new SortKey(1, true, true), new SortKey(2, true, true));
            case "date" -> List.of(new SortKey(3, true, true), new SortKey(1, true, true));
            case "string" -> List.of(new SortKey(4, true, true), new SortKey(1, true, true));
            default -> throw new IllegalArgumentException(keys);
        };
    }

    @Benchmark
    public int[] sort() {
        RowComparator comparator = new RowComparator(batch, sortKeys);
        return method.equals("packed") ? comparator.sortedRows(rows) : comparator.comparatorSortedRows(rows);
    }
}
