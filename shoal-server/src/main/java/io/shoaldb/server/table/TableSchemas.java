package io.shoaldb.server.table;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.catalog.model.TabletInfo;
import io.shoaldb.ingest.convert.LoadSchema;
import io.shoaldb.ingest.write.WriteTarget;
import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.BucketRouter;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.storage.tablet.TabletPlacement;
import io.shoaldb.storage.tablet.TabletSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Storage's view of a catalog table. Storage column positions are the catalog's column order, and
 * columns are identified by their unique ids, so light schema changes need no data rewrite.
 */
public final class TableSchemas {
    private TableSchemas() {
    }

    public static TabletSchema schema(Table table, ColumnDefaults defaults) {
        List<SegmentColumn> columns = new ArrayList<>();
        List<AggregateFunction> aggregations = new ArrayList<>();
        List<Object> defaultValues = new ArrayList<>();
        KeysModel model = KeysModel.valueOf(table.keysType().name());
        for (Column column : table.columns()) {
            columns.add(new SegmentColumn(column.uniqueId(), column.type()));
            aggregations.add(model == KeysModel.AGGREGATE && !column.key()
                    ? AggregateFunction.valueOf(column.aggregation().name()) : null);
            defaultValues.add(defaults.valueOf(column));
        }
        String sequence = table.properties().sequenceColumn();
        int sequenceIndex = sequence == null ? -1 : table.columnIndex(sequence);
        return new TabletSchema(columns, table.keyColumns().size(), model, aggregations, sequenceIndex, defaultValues);
    }

    public static List<TabletPlacement> placements(Table table) {
        return table.tablets().stream()
                .map(t -> new TabletPlacement(t.tabletId(), t.bucket(), t.partition()))
                .toList();
    }

    public static BucketRouter router(Table table) {
        int[] hashColumns = table.distribution().hash()
                ? table.distribution().columns().stream().mapToInt(table::columnIndex).toArray()
                : new int[0];
        return new BucketRouter(hashColumns, table.tablets().size());
    }

    public static WriteTarget writeTarget(Table table, ColumnDefaults defaults) {
        return new WriteTarget(table.databaseId(), table.id(), table.name(), schema(table, defaults),
                placements(table), router(table));
    }

    /** What a load converts against: storage's schema plus the names and nullability only the catalog knows. */
    public static LoadSchema loadSchema(TabletSchema schema, Table table) {
        return new LoadSchema(schema, table.columns().stream().map(Column::name).toList(),
                table.columns().stream().map(Column::nullable).toList());
    }

    /** The tablet ids of a table in bucket order. */
    public static List<Long> tabletIds(Table table) {
        return table.tablets().stream().map(TabletInfo::tabletId).toList();
    }
}
