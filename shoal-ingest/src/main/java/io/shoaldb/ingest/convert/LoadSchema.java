package io.shoaldb.ingest.convert;

import io.shoaldb.storage.tablet.TabletSchema;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * The target table as a load sees it: the storage schema (types and per-column defaults) plus what storage
 * does not keep, the column names and their nullability. A column "has a default" when it is nullable (an
 * absent nullable column is NULL) or its default value is not null; a NOT NULL column without a default
 * must be fed by every load.
 */
public record LoadSchema(TabletSchema tablet, List<String> names, List<Boolean> nullable) {
    public LoadSchema {
        names = List.copyOf(names);
        nullable = List.copyOf(nullable);
        if (names.size() != tablet.columnCount() || nullable.size() != tablet.columnCount()) {
            throw new IllegalArgumentException("names and nullability need one entry per column of the schema");
        }
    }

    public int columnCount() {
        return names.size();
    }

    public String name(int column) {
        return names.get(column);
    }

    public DataType type(int column) {
        return tablet.columns().get(column).type();
    }

    public boolean isNullable(int column) {
        return nullable.get(column);
    }

    /** The default value as a Java object (see TypeId), null meaning NULL or no default. */
    public Object defaultValue(int column) {
        return tablet.defaultValues().get(column);
    }

    public boolean hasDefault(int column) {
        return isNullable(column) || defaultValue(column) != null;
    }

    /** Column position by name, ignoring case as Doris and MySQL do; -1 when absent. */
    public int indexOf(String name) {
        for (int c = 0; c < names.size(); c++) {
            if (names.get(c).equalsIgnoreCase(name)) {
                return c;
            }
        }
        return -1;
    }
}
