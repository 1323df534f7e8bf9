package io.shoaldb.storage.scan;

import static io.shoaldb.storage.TestTables.TABLE;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.TestTables;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.tablet.KeysModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A column's bounds over a whole table: the zone maps of every segment, file or inline, of every tablet merged. */
class ColumnBoundsTest {
    @TempDir
    Path dir;

    @Test
    void theBoundsOfANumberColumnSpanEveryTabletAndNoneAreGivenForStrings() {
        DataPartitions partitions = TestTables.partitions(new LocalFiles(), dir);
        StorageEngine engine = new StorageEngine(new LocalFiles(), partitions, StorageOptions.DEFAULT);
        engine.registerTable(TABLE, TestTables.schema(KeysModel.DUPLICATE), TestTables.tablets(3, partitions.count()));
        load(engine, 100, 2, List.<Object[]>of(TestTables.row(1L, 17L, "b"), TestTables.row(2L, -5L, "a")), false);
        load(engine, 102, 3, List.<Object[]>of(TestTables.row(3L, 40L, "z")), true);
        try (TableSnapshot snapshot = engine.snapshot(TABLE)) {
            assertThat(ColumnBounds.of(snapshot, 2)).contains(new ColumnBounds.Bounds(-5L, 40L));
            assertThat(ColumnBounds.of(snapshot, 3)).isEmpty();
            assertThat(ColumnBounds.of(snapshot, 99)).isEmpty();
        }
    }

    @Test
    void aVersionKeepsItsBoundsAndTheNextVersionHasItsOwn() {
        DataPartitions partitions = TestTables.partitions(new LocalFiles(), dir);
        StorageEngine engine = new StorageEngine(new LocalFiles(), partitions, StorageOptions.DEFAULT);
        engine.registerTable(TABLE, TestTables.schema(KeysModel.DUPLICATE), TestTables.tablets(3, partitions.count()));
        load(engine, 100, 2, List.<Object[]>of(TestTables.row(1L, 17L, "b")), false);
        try (TableSnapshot first = engine.snapshot(TABLE); TableSnapshot again = engine.snapshot(TABLE)) {
            assertThat(first.columnBounds(2)).contains(new ColumnBounds.Bounds(17L, 17L))
                    .isSameAs(again.columnBounds(2));
        }
        load(engine, 101, 3, List.<Object[]>of(TestTables.row(2L, 90L, "c")), false);
        try (TableSnapshot next = engine.snapshot(TABLE)) {
            assertThat(next.columnBounds(2)).contains(new ColumnBounds.Bounds(17L, 90L));
        }
    }

    private static void load(StorageEngine e, long tablet, long version, List<Object[]> rows, boolean inline) {
        RowsetMeta meta = TestTables.write(e, tablet, version, inline, rows.toArray(Object[][]::new));
        e.publish(TABLE, version, Map.of(tablet, List.of(meta)), Map.of());
    }
}
