package io.shoaldb.sql.planner;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/** A {@link SystemDatabase} as a Calcite schema; table names match ignoring case, as MySQL's information_schema. */
final class SystemSchema extends AbstractSchema {
    private final SystemDatabase database;

    SystemSchema(SystemDatabase database) {
        this.database = database;
    }

    @Override
    public Lookup<Table> tables() {
        return new Lookup<>() {
            @Override
            public Table get(String name) {
                return database.table(name).<Table>map(SystemTableAdapter::new).orElse(null);
            }

            @Override
            public Named<Table> getIgnoreCase(String name) {
                Table t = get(name);
                return t == null ? null : new Named<>(name, t);
            }

            @Override
            public Set<String> getNames(LikePattern pattern) {
                Set<String> names = new LinkedHashSet<>();
                for (SystemTable t : database.tables()) {
                    if (pattern.matcher().apply(t.name())) {
                        names.add(t.name());
                    }
                }
                return names;
            }
        };
    }
}
