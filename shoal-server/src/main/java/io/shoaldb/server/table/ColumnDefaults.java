package io.shoaldb.server.table;

import io.shoaldb.catalog.model.Column;

/** The value a column takes when a load does not give one, as a Java object of the column's type. */
@FunctionalInterface
public interface ColumnDefaults {
    /** Null when the default is NULL or there is none. */
    Object valueOf(Column column);
}
