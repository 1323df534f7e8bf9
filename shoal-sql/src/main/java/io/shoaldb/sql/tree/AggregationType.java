package io.shoaldb.sql.tree;

/** How an AGGREGATE KEY table merges a value column across rows with the same key. */
public enum AggregationType {
    SUM,
    MIN,
    MAX,
    REPLACE,
    REPLACE_IF_NOT_NULL
}
