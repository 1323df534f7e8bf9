package io.shoaldb.catalog.model;

/** Doris's data models; fixed when a table is created. */
public enum KeysType {
    /** Every row is kept; the key only decides the sort order. */
    DUPLICATE,
    /** One row per key; the last write (or the highest sequence value) wins. */
    UNIQUE,
    /** Rows with the same key merge by each value column's {@link AggregationType}. */
    AGGREGATE;

    /** The keyword SHOW CREATE TABLE prints, e.g. {@code DUPLICATE KEY}. */
    public String sql() {
        return name() + " KEY";
    }
}
