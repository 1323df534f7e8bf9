package io.shoaldb.exec;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogOptions;
import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.catalog.model.TabletInfo;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.common.memory.MemoryPool;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.QueryPlanner;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.storage.StorageEngine;
import io.shoaldb.storage.StorageOptions;
import io.shoaldb.storage.partition.DataPartitions;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.storage.rowset.RowsetWriter;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real catalog and storage engine under a temporary directory, wired the way the server wires them:
 * the storage schema lists the catalog's columns in order, tablets are the catalog's, rows are routed by
 * the distribution columns and every load is one published rowset per tablet (a committed transaction).
 */
final class TestDatabase implements AutoCloseable {
    static final String DB = "test";
    final Catalog catalog;
    final StorageEngine storage;
    final QueryExecutor executor;
    final QueryPlanner planner = new QueryPlanner();
    private final Map<Long, Long> versions = new HashMap<>();

    TestDatabase(Path dir, int partitions, int workers) {
        this(dir, partitions, workers, ExecutionListener.NONE);
    }

    TestDatabase(Path dir, int partitions, int workers, ExecutionListener listener) {
        this(dir, partitions, workers, listener, MemoryPool.unbounded());
    }

    /** Queries also count in {@code pool}, as the server's {@code mem_limit}. */
    TestDatabase(Path dir, int partitions, int workers, ExecutionListener listener, MemoryPool pool) {
        LocalFiles files = new LocalFiles();
        catalog = Catalog.open(files, dir.resolve("meta"), CatalogOptions.defaults().withPartitionCount(partitions));
        DataPartitions dp = DataPartitions.open(files, List.of(dir.resolve("data")), partitions, 64L << 30, partitions);
        storage = new StorageEngine(files, dp, StorageOptions.DEFAULT);
        storage.finishRecovery();
        executor = new QueryExecutor(storage, workers, listener, pool);
        catalog.createDatabase(DB, true);
    }

    Table create(String name, KeysType keys, List<String> keyColumns, List<ColumnDefinition> columns, int buckets) {
        Table t = catalog.createTable(new TableDefinition(DB, name, columns, null, keys, keyColumns,
                Distribution.hash(List.of(keyColumns.get(0)), buckets), Map.of("replication_num", "1"), null), false);
        List<SegmentColumn> segs = new ArrayList<>();
        List<AggregateFunction> aggs = new ArrayList<>();
        for (Column c : t.columns()) {
            segs.add(new SegmentColumn(c.uniqueId(), c.type()));
            aggs.add(c.aggregation() == null ? null : AggregateFunction.valueOf(c.aggregation().name()));
        }
        KeysModel model = KeysModel.valueOf(keys.name());
        TabletSchema schema = new TabletSchema(segs, t.keyColumns().size(), model,
                model == KeysModel.AGGREGATE ? aggs : null, -1);
        List<TabletPlacement> placements = new ArrayList<>();
        for (TabletInfo ti : t.tablets()) {
            placements.add(new TabletPlacement(ti.tabletId(), ti.bucket(), ti.partition()));
        }
        storage.registerTable(t.id(), schema, placements);
        return t;
    }

    /** Loads a batch of the table's columns as one transaction: one rowset per tablet that gets rows. */
    void load(String table, Batch batch) {
        Table t = catalog.snapshot().table(DB, table).orElseThrow();
        int[] hashColumns = {t.columnIndex(t.distribution().columns().get(0))};
        Batch[] parts = new BucketRouter(hashColumns, t.tablets().size()).split(batch);
        long version = versions.merge(t.id(), 1L, Long::sum) + 1;
        Map<Long, List<RowsetMeta>> added = new HashMap<>();
        for (int bucket = 0; bucket < parts.length; bucket++) {
            if (parts[bucket] == null || parts[bucket].positionCount() == 0) {
                continue;
            }
            long tablet = t.tablets().get(bucket).tabletId();
            RowsetWriter w = storage.newRowsetWriter(t.id(), tablet);
            w.append(parts[bucket]);
            added.put(tablet, List.of(w.finish(version).atVersion(version)));
        }
        storage.publish(t.id(), version, added, Map.of());
    }

    PhysicalPlan plan(String sql) {
        return planner.plan(DorisSqlParser.parse(sql), catalog.snapshot(), DB);
    }

    /** Runs a query and returns its rows as Java objects. */
    List<List<Object>> query(String sql) {
        return query(sql, PlannerSettings.DEFAULT, QueryContext.defaults());
    }

    /** Runs a query planned with {@code settings} in {@code context}. */
    List<List<Object>> query(String sql, PlannerSettings settings, QueryContext context) {
        List<List<Object>> rows = new ArrayList<>();
        PhysicalPlan plan = planner.plan(DorisSqlParser.parse(sql), catalog.snapshot(), DB, settings);
        try (QueryResultStream s = executor.execute(plan, context)) {
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

    static ColumnDefinition col(String name, DataType type, boolean nullable) {
        return new ColumnDefinition(name, type, nullable, null, null, null);
    }

    static ColumnDefinition agg(String name, DataType type, AggregationType agg) {
        return new ColumnDefinition(name, type, true, agg, null, null);
    }

    @Override
    public void close() {
        executor.close();
        catalog.close();
    }
}
