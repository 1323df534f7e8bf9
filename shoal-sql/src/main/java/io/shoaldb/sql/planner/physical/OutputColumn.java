package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;

/** A result column as the client sees it: label, type and whether it may hold NULL. */
public record OutputColumn(String name, DataType type, boolean nullable) {
}
