package io.shoaldb.storage.tablet;

/** How rows with equal key columns relate: kept side by side, replaced, or aggregated (Doris's models). */
public enum KeysModel {
    DUPLICATE,
    UNIQUE,
    AGGREGATE
}
