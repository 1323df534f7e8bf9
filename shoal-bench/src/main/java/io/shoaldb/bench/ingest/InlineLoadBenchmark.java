package io.shoaldb.bench.ingest;

import io.shoaldb.bench.TempDirs;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.ingest.write.TableLoad;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * The storage step of one small group commit: a batch of {@code rows} 1-row INSERTs' rows, routed over the 8 tablets
 * of the benchmarks' {@code t (id BIGINT, name VARCHAR, score INT)} and written as inline rowsets, until the rowsets
 * for the commit record are ready (what the group-commit thread does between taking a batch and appending its
 * record). Nothing is published, so every iteration is admitted inline.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
    "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class InlineLoadBenchmark {
    private static final long TABLE = 42;
    private static final int TABLETS = 8;
    private static final TabletSchema SCHEMA = new TabletSchema(List.of(new SegmentColumn(1, DataType.BIGINT),
            new SegmentColumn(2, DataType.varchar(64)), new SegmentColumn(3, DataType.INT)), 1, KeysModel.DUPLICATE, null,
            -1);

    @Param({"8", "32", "128"})
    public int rows;

    private Path dir;
    private StorageEngine storage;
    private WriteTarget target;
    private Batch batch;

    @Setup
    public void setUp() {
        dir = TempDirs.create("inline-load");
        LocalFiles files = new LocalFiles();
        DataPartitions partitions = DataPartitions.open(files, List.of(dir.resolve("data")), 1, 8L << 30, 8);
        storage = new StorageEngine(files, partitions, StorageOptions.DEFAULT);
        List<TabletPlacement> tablets = new ArrayList<>();
        for (int b = 0; b < TABLETS; b++) {
            tablets.add(new TabletPlacement(500 + b, b, 0));
        }
        storage.registerTable(TABLE, SCHEMA, tablets);
        storage.finishRecovery();
        target = new WriteTarget(7, TABLE, "t", SCHEMA, tablets, new BucketRouter(new int[] {0}, TABLETS));
        BatchBuilder b = new BatchBuilder(SCHEMA.columns().stream().map(SegmentColumn::type).toList());
        for (int i = 0; i < rows; i++) {
            b.appendRow(1_000_000L + i * 7919L, "name-" + i, i);
        }
        batch = b.build();
    }

    @TearDown
    public void tearDown() throws IOException {
        TempDirs.delete(dir);
    }

    @Benchmark
    public Map<Long, RowsetMeta> writeInlineRowsets() {
        TableLoad load = new TableLoad(storage, target, 64 * rows);
        load.append(batch);
        return load.finish(1);
    }
}
