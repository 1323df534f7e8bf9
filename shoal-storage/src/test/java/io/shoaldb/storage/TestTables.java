package io.shoaldb.storage;

import io.shoaldb.common.io.FilesFacade;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.InlineRowsetsWriter;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.scan.TabletScan;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.segment.ZoneMapPredicate;
import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Small helpers shared by storage tests: schemas, a publishing "transaction layer", reading all rows. */
public final class TestTables {
    public static final long TABLE = 10;

    private TestTables() {
    }

    /** (k BIGINT, v BIGINT, s STRING) with one key column. */
    public static TabletSchema schema(KeysModel model) {
        List<SegmentColumn> cols = List.of(new SegmentColumn(1, DataType.BIGINT), new SegmentColumn(2, DataType.BIGINT),
                new SegmentColumn(3, DataType.STRING));
        List<AggregateFunction> aggs = model == KeysModel.AGGREGATE
                ? Arrays.asList(null, AggregateFunction.SUM, AggregateFunction.REPLACE) : null;
        return new TabletSchema(cols, 1, model, aggs, -1);
    }

    public static DataPartitions partitions(FilesFacade files, Path... paths) {
        return DataPartitions.open(files, List.of(paths), paths.length == 1 ? 2 : 0, 8L << 30, 8);
    }

    /** Tablets 100.. on partitions round-robin. */
    public static List<TabletPlacement> tablets(int count, int partitions) {
        List<TabletPlacement> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new TabletPlacement(100 + i, i, i % partitions));
        }
        return out;
    }

    public static Batch batch(TabletSchema schema, Object[]... rows) {
        BatchBuilder b = new BatchBuilder(schema.columns().stream().map(SegmentColumn::type).toList());
        for (Object[] r : rows) {
            b.appendRow(r);
        }
        return b.build();
    }

    /** Writes rows into a new rowset of one tablet and publishes it at {@code version}, like a committed load. */
    public static RowsetMeta load(StorageEngine engine, long tabletId, long version, Object[]... rows) {
        RowsetMeta meta = write(engine, tabletId, version, rows);
        engine.publish(TABLE, version, Map.of(tabletId, List.of(meta)), Map.of());
        return meta;
    }

    public static RowsetMeta write(StorageEngine engine, long tabletId, long version, Object[]... rows) {
        return write(engine, tabletId, version, false, rows);
    }

    /** Like {@link #write(StorageEngine, long, long, Object[]...)}, inline (segments in memory) if asked. */
    public static RowsetMeta write(StorageEngine engine, long tabletId, long version, boolean inline, Object[]... rows) {
        if (inline) {
            return writeInline(engine, version, Map.of(tabletId, rows)).get(tabletId);
        }
        RowsetWriter w = engine.newRowsetWriter(TABLE, tabletId);
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            if (rows.length > 0) {
                w.append(batch(s.schema(), rows));
            }
        }
        return w.finish(version).atVersion(version);
    }

    /** One inline load of the rows given per tablet (one image for all), stamped with {@code version}, unpublished. */
    public static Map<Long, RowsetMeta> writeInline(StorageEngine engine, long version, Map<Long, Object[][]> rows) {
        InlineRowsetsWriter w = engine.newInlineRowsetsWriter(TABLE);
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            rows.forEach((tablet, r) -> w.append(tablet, batch(s.schema(), r)));
        }
        Map<Long, RowsetMeta> out = new HashMap<>();
        w.finish(version).forEach((tablet, m) -> out.put(tablet, m.atVersion(version)));
        return out;
    }

    public static List<List<Object>> scan(StorageEngine engine, long tabletId, int... projection) {
        try (TableSnapshot s = engine.snapshot(TABLE)) {
            return scan(s, tabletId, ZoneMapPredicate.ALWAYS, projection);
        }
    }

    public static List<List<Object>> scan(TableSnapshot s, long tabletId, ZoneMapPredicate p, int... projection) {
        if (projection.length == 0) {
            projection = new int[s.schema().columnCount()];
            Arrays.setAll(projection, i -> i);
        }
        List<List<Object>> rows = new ArrayList<>();
        try (TabletScan scan = TabletScan.open(s, tabletId, projection, p)) {
            for (Batch b = scan.next(); b != null; b = scan.next()) {
                for (int i = 0; i < b.positionCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 0; c < b.columnCount(); c++) {
                        row.add(b.getObject(i, c));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    /** Rows sorted by their printed form, for order-insensitive comparison. */
    public static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(Object::toString));
        return out;
    }

    public static Object[] row(Object... values) {
        return values;
    }
}
