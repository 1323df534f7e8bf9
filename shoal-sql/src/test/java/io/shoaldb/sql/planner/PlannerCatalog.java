package io.shoaldb.sql.planner;

import io.shoaldb.catalog.Catalog;
import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.common.io.LocalFiles;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real catalog for planner tests: database {@code db}, whose tables are DUPLICATE KEY on their first column and
 * hash-distributed on it into a fixed number of buckets.
 */
final class PlannerCatalog implements AutoCloseable {
    private final Catalog catalog;
    private final int buckets;

    PlannerCatalog(Path dir, int buckets) {
        this.catalog = Catalog.open(new LocalFiles(), dir);
        this.buckets = buckets;
        catalog.createDatabase("db", false);
    }

    /** Creates table {@code name} with columns given as name, type, name, type, ... (all nullable). */
    void table(String name, Object... namesAndTypes) {
        List<ColumnDefinition> defs = new ArrayList<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            defs.add(new ColumnDefinition((String) namesAndTypes[i], (DataType) namesAndTypes[i + 1], true, null, null,
                    null));
        }
        String key = defs.get(0).name();
        catalog.createTable(new TableDefinition("db", name, defs, null, KeysType.DUPLICATE, List.of(key),
                Distribution.hash(List.of(key), buckets), Map.of(), null), false);
    }

    CatalogSnapshot snapshot() {
        return catalog.snapshot();
    }

    @Override
    public void close() {
        catalog.close();
    }
}
