package io.shoaldb.storage.tablet;

/**
 * How an AGGREGATE table combines a value column over rows with equal keys. "Newest" is by table version,
 * and within one load by append order. SUM, MIN and MAX ignore NULLs (all NULL gives NULL); SUM wraps
 * in the column's physical type.
 */
public enum AggregateFunction {
    SUM,
    MIN,
    MAX,
    /** The newest value, NULL included. */
    REPLACE,
    /** The newest non-NULL value. */
    REPLACE_IF_NOT_NULL
}
