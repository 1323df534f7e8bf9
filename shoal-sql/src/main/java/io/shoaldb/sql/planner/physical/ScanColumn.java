package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;

/**
 * A table column a scan reads: {@code tableIndex} is its position in the catalog table, which is also its
 * position in the storage schema.
 */
public record ScanColumn(int tableIndex, String name, DataType type) {
}
