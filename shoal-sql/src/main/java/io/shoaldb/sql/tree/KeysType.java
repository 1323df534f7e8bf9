package io.shoaldb.sql.tree;

/** Doris's table data models, named by the key clause of CREATE TABLE. */
public enum KeysType {
    DUPLICATE,
    UNIQUE,
    AGGREGATE
}
