package io.shoaldb.catalog;

import io.shoaldb.catalog.model.AggregationType;
import io.shoaldb.catalog.model.ColumnDefault;
import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.catalog.model.Distribution;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.TableDefinition;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helpers that build definitions the way the SQL front end would. */
final class Defs {
    private Defs() {
    }

    static ColumnDefinition col(String name, DataType type) {
        return ColumnDefinition.of(name, type);
    }

    static ColumnDefinition notNull(String name, DataType type) {
        return new ColumnDefinition(name, type, false, null, null, null);
    }

    static ColumnDefinition nullable(String name, DataType type) {
        return new ColumnDefinition(name, type, true, null, null, null);
    }

    static ColumnDefinition agg(String name, DataType type, AggregationType agg) {
        return new ColumnDefinition(name, type, null, agg, null, null);
    }

    static ColumnDefinition withDefault(String name, DataType type, Boolean isNullable, ColumnDefault def) {
        return new ColumnDefinition(name, type, isNullable, null, def, null);
    }

    /** A fluent CREATE TABLE. */
    static Builder table(String db, String name) {
        return new Builder(db, name);
    }

    static final class Builder {
        private final String db;
        private final String name;
        private final List<ColumnDefinition> columns = new ArrayList<>();
        private String engine;
        private KeysType keysType;
        private List<String> keys = List.of();
        private Distribution distribution;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private String comment;

        Builder(String db, String name) {
            this.db = db;
            this.name = name;
        }

        Builder column(ColumnDefinition c) {
            columns.add(c);
            return this;
        }

        Builder column(String n, DataType t) {
            return column(col(n, t));
        }

        Builder engine(String e) {
            engine = e;
            return this;
        }

        Builder keys(KeysType type, String... names) {
            keysType = type;
            keys = List.of(names);
            return this;
        }

        Builder hash(int buckets, String... names) {
            distribution = Distribution.hash(List.of(names), buckets);
            return this;
        }

        Builder random(int buckets) {
            distribution = Distribution.random(buckets);
            return this;
        }

        Builder property(String k, String v) {
            properties.put(k, v);
            return this;
        }

        Builder comment(String c) {
            comment = c;
            return this;
        }

        TableDefinition build() {
            return new TableDefinition(db, name, columns, engine, keysType, keys, distribution, properties, comment);
        }
    }

    /** The seed's dt table. */
    static TableDefinition dt(String db) {
        return table(db, "dt")
                .column(notNull("id", DataType.INT))
                .column(nullable("name", DataType.varchar(50)))
                .column(nullable("score", DataType.INT))
                .keys(KeysType.DUPLICATE, "id")
                .hash(1, "id")
                .property("replication_num", "1")
                .property("group_commit_mode", "async_mode")
                .build();
    }
}
