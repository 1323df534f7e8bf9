package io.shoaldb.sql.planner;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.catalog.model.Database;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's root schema over one catalog snapshot: one sub-schema per database. Database (and table) names
 * are case-sensitive as in Doris (but for the system databases, which match ignoring case as in MySQL) even though the validator matches column names ignoring case, so the
 * lookups answer a case-insensitive request with the exact name only.
 */
final class CatalogSchema extends AbstractSchema {
    private final CatalogSnapshot catalog;
    private final TableStatistics statistics;
    private final List<SystemDatabase> systemDatabases;

    CatalogSchema(CatalogSnapshot catalog, TableStatistics statistics, List<SystemDatabase> systemDatabases) {
        this.catalog = catalog;
        this.statistics = statistics;
        this.systemDatabases = systemDatabases;
    }

    /**
     * Doris's type names that Calcite's parser does not know, for CAST(x AS STRING) and the like: Calcite
     * resolves an unknown type name as a named type of the root schema.
     */
    @Override
    protected Map<String, RelProtoDataType> getTypeMap() {
        return Map.of(
                "STRING", f -> f.createSqlType(SqlTypeName.VARCHAR),
                "TEXT", f -> f.createSqlType(SqlTypeName.VARCHAR),
                "LARGEINT", f -> f.createSqlType(SqlTypeName.DECIMAL, 38, 0));
    }

    @Override
    public Lookup<? extends Schema> subSchemas() {
        return new Lookup<Schema>() {
            @Override
            public Schema get(String name) {
                Optional<SystemDatabase> system = SystemDatabase.find(systemDatabases, name);
                if (system.isPresent()) {
                    return new SystemSchema(system.get());
                }
                return catalog.database(name).map(db -> new DatabaseSchema(catalog, db, statistics)).orElse(null);
            }

            @Override
            public Named<Schema> getIgnoreCase(String name) {
                Schema s = get(name);
                return s == null ? null : new Named<>(name, s);
            }

            @Override
            public Set<String> getNames(LikePattern pattern) {
                Set<String> names = new TreeSet<>();
                for (SystemDatabase d : systemDatabases) {
                    if (pattern.matcher().apply(d.name())) {
                        names.add(d.name());
                    }
                }
                for (Database d : catalog.databases()) {
                    if (pattern.matcher().apply(d.name())) {
                        names.add(d.name());
                    }
                }
                return names;
            }
        };
    }
}
