package io.shoaldb.storage.segment;

import io.shoaldb.vector.type.DataType;

/**
 * A column as a segment stores it: the catalog's unique id (stable across renames and schema changes,
 * so old segments stay readable) and its type.
 */
public record SegmentColumn(int uniqueId, DataType type) {
}
