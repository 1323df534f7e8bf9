package io.shoaldb.bench.exec;

import io.shoaldb.exec.aggregate.GroupByHash;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
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
 * The hash table that hash aggregations group with and hash joins build and probe ({@link GroupByHash}),
 * alone: {@code rows} rows in 4096-row batches whose keys take {@code distinct} values in random order.
 * {@code build} assigns every row a group id, inserting new keys (a GROUP BY, or a join's build side);
 * {@code probe} looks every row up in a table built beforehand from half of the distinct keys (a join's
 * probe side, half of the rows matching). Keys: {@code long} one BIGINT, {@code long2} two BIGINTs (a
 * composite key such as (partkey, suppkey)), {@code int} one INT, {@code string} one string of 10-20 bytes.
 * Score: ms per pass over all rows. Setup checks the group count.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class GroupByHashBenchmark {
    private static final int BATCH = 4096;

    @Param({"long", "long2", "int", "string"})
    public String keys;

    @Param("1000000")
    public int rows;

    @Param({"1000", "1000000"})
    public int distinct;

    private List<DataType> types;
    private int[] keyColumns;
    private final List<Batch> batches = new ArrayList<>();
    private GroupByHash probeTable;

    @Setup
    public void setUp() {
        types = switch (keys) {
            case "long" -> List.of(DataType.BIGINT);
            case "long2" -> List.of(DataType.BIGINT, DataType.BIGINT);
            case "int" -> List.of(DataType.INT);
            case "string" -> List.of(DataType.STRING);
            default -> throw new IllegalArgumentException(keys);
        };
        keyColumns = java.util.stream.IntStream.range(0, types.size()).toArray();
        SplittableRandom random = new SplittableRandom(7);
        for (int start = 0; start < rows; start += BATCH) {
            int n = Math.min(BATCH, rows - start);
            BatchBuilder b = new BatchBuilder(types, n);
            for (int i = 0; i < n; i++) {
                b.appendRow(row(random.nextInt(distinct)));
            }
            batches.add(b.build());
        }
        GroupByHash all = new GroupByHash(types);
        for (Batch b : batches) {
            all.groupIds(b, keyColumns, identity(b.positionCount()), b.positionCount());
        }
        if (all.groupCount() > distinct || all.groupCount() < distinct * 0.6) {
            throw new IllegalStateException(all.groupCount() + " groups from " + distinct + " distinct keys");
        }
        probeTable = new GroupByHash(types);
        BatchBuilder half = new BatchBuilder(types, distinct / 2);
        for (int k = 0; k < distinct; k += 2) {
            half.appendRow(row(k));
        }
        Batch h = half.build();
        probeTable.groupIds(h, keyColumns, identity(h.positionCount()), h.positionCount());
        if (probeTable.groupCount() != (distinct + 1) / 2) {
            throw new IllegalStateException("probe table has " + probeTable.groupCount() + " groups");
        }
    }

    private Object[] row(int key) {
        return switch (keys) {
            case "long" -> new Object[] {key * 1_000_003L};
            case "long2" -> new Object[] {(long) (key / 4), (long) (key % 4) * 7919};
            case "int" -> new Object[] {key * 7};
            default -> new Object[] {"key-" + key + "-" + (key % 97 == 0 ? "xxxxxxxxx" : "")};
        };
    }

    private static int[] identity(int n) {
        return java.util.stream.IntStream.range(0, n).toArray();
    }

    @Benchmark
    public int build() {
        GroupByHash hash = new GroupByHash(types);
        int[] rowsOfBatch = identity(BATCH);
        for (Batch b : batches) {
            hash.groupIds(b, keyColumns, rowsOfBatch, b.positionCount());
        }
        return hash.groupCount();
    }

    @Benchmark
    public long probe() {
        int[] rowsOfBatch = identity(BATCH);
        long sum = 0;
        for (Batch b : batches) {
            int[] ids = probeTable.find(b, keyColumns, rowsOfBatch, b.positionCount());
            sum += ids[0] + ids[ids.length - 1];
        }
        return sum;
    }
}
