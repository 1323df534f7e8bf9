package io.shoaldb.storage.merge;

import io.shoaldb.vector.FlatVector;

/** One row of a chunk, kept while its equal-key group is collected (chunks are immutable, so this is safe). */
record RowRef(FlatVector[] columns, int row) {
}
