package io.shoaldb.bench.exec;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogOptions;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.catalog.model.TabletInfo;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.exec.ExecutionListener;
import io.shoaldb.exec.QueryExecutor;
import io.shoaldb.exec.QueryResultStream;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.QueryPlanner;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real catalog, storage engine and query executor under a temp directory, wired as the server wires them
 * (the benchmark's copy of shoal-exec's test fixture TestDatabase, DUPLICATE tables only): every load is one
 * published rowset per tablet, queries are parsed, planned and executed in full.
 */
final class BenchDatabase implements AutoCloseable {
    static final String DB = "bench";
    private final Catalog catalog;
    private final StorageEngine storage;
    private final QueryExecutor executor;
    private final QueryPlanner planner = new QueryPlanner();
    private final Map<Long, Long> versions = new HashMap<>();

    BenchDatabase(Path dir, int partitions, int workers) {
        LocalFiles files = new LocalFiles();
        catalog = Catalog.open(files, dir.resolve("meta"), CatalogOptions.defaults().withPartitionCount(partitions));
        DataPartitions dp = DataPartitions.open(files, List.of(dir.resolve("data")), partitions, 64L << 30, partitions);
        storage = new StorageEngine(files, dp, StorageOptions.DEFAULT);
        storage.finishRecovery();
        executor = new QueryExecutor(storage, workers, ExecutionListener.NONE);
        catalog.createDatabase(DB, true);
    }

    void createDuplicate(String name, List<String> keyColumns, List<ColumnDefinition> columns, int buckets) {
        Table t = catalog.createTable(new TableDefinition(DB, name, columns, null, KeysType.DUPLICATE, keyColumns,
                Distribution.hash(List.of(keyColumns.get(0)), buckets), Map.of("replication_num", "1"), null), false);
        List<SegmentColumn> segs = new ArrayList<>();
        for (Column c : t.columns()) {
            segs.add(new SegmentColumn(c.uniqueId(), c.type()));
        }
        TabletSchema schema = new TabletSchema(segs, t.keyColumns().size(), KeysModel.DUPLICATE, null, -1);
        List<TabletPlacement> placements = new ArrayList<>();
        for (TabletInfo ti : t.tablets()) {
            placements.add(new TabletPlacement(ti.tabletId(), ti.bucket(), ti.partition()));
        }
        storage.registerTable(t.id(), schema, placements);
    }

    /** Loads a batch of the table's columns as one transaction: one rowset per tablet that gets rows. */
    void load(String table, Batch batch) {
        load(table, List.of(batch));
    }

    /**
     * Loads several batches of the table's columns as one transaction: one rowset per tablet that gets rows,
     * each batch's rows of that tablet appended to it in order.
     */
    void load(String table, List<Batch> batches) {
        Table t = catalog.snapshot().table(DB, table).orElseThrow();
        int[] hashColumns = {t.columnIndex(t.distribution().columns().get(0))};
        BucketRouter router = new BucketRouter(hashColumns, t.tablets().size());
        long version = versions.merge(t.id(), 1L, Long::sum) + 1;
        Map<Integer, RowsetWriter> writers = new HashMap<>();
        for (Batch batch : batches) {
            Batch[] parts = router.split(batch);
            for (int bucket = 0; bucket < parts.length; bucket++) {
                if (parts[bucket] == null || parts[bucket].positionCount() == 0) {
                    continue;
                }
                long tablet = t.tablets().get(bucket).tabletId();
                writers.computeIfAbsent(bucket, b -> storage.newRowsetWriter(t.id(), tablet)).append(parts[bucket]);
            }
        }
        Map<Long, List<RowsetMeta>> added = new HashMap<>();
        for (Map.Entry<Integer, RowsetWriter> e : writers.entrySet()) {
            added.put(t.tablets().get(e.getKey()).tabletId(), List.of(e.getValue().finish(version).atVersion(version)));
        }
        storage.publish(t.id(), version, added, Map.of());
    }

    /** Parses, plans and runs a query; returns its rows as Java objects. */
    List<List<Object>> query(String sql) {
        PhysicalPlan plan = planner.plan(DorisSqlParser.parse(sql), catalog.snapshot(), DB);
        List<List<Object>> rows = new ArrayList<>();
        try (QueryResultStream s = executor.execute(plan)) {
            for (Batch b = s.next(); b != null; b = s.next()) {
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

    @Override
    public void close() {
        executor.close();
        catalog.close();
    }
}
