package io.shoaldb.sql.planner;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/** One database as a Calcite schema; table names match exactly (case-sensitive, as Doris). */
final class DatabaseSchema extends AbstractSchema {
    private final CatalogSnapshot catalog;
    private final Database database;
    private final TableStatistics statistics;

    DatabaseSchema(CatalogSnapshot catalog, Database database, TableStatistics statistics) {
        this.catalog = catalog;
        this.database = database;
        this.statistics = statistics;
    }

    @Override
    public Lookup<org.apache.calcite.schema.Table> tables() {
        return new Lookup<>() {
            @Override
            public org.apache.calcite.schema.Table get(String name) {
                return catalog.table(database.name(), name).map(t -> new CatalogTable(database.name(), t, statistics))
                        .orElse(null);
            }

            @Override
            public Named<org.apache.calcite.schema.Table> getIgnoreCase(String name) {
                org.apache.calcite.schema.Table t = get(name);
                return t == null ? null : new Named<>(name, t);
            }

            @Override
            public Set<String> getNames(LikePattern pattern) {
                Set<String> names = new TreeSet<>();
                for (Table t : catalog.tables(database.name())) {
                    if (pattern.matcher().apply(t.name())) {
                        names.add(t.name());
                    }
                }
                return names;
            }
        };
    }
}
