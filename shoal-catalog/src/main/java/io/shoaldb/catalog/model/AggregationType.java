package io.shoaldb.catalog.model;

/** How an AGGREGATE KEY table merges a value column of rows with equal keys. */
public enum AggregationType {
    SUM,
    MIN,
    MAX,
    REPLACE,
    REPLACE_IF_NOT_NULL
}
