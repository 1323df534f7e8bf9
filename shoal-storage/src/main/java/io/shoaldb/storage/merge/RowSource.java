package io.shoaldb.storage.merge;

import io.shoaldb.vector.FlatVector;

/**
 * A stream of row chunks in key order, each chunk one flat vector per merged column (all of equal size).
 * Within one source equal keys may repeat only in priority order (later = newer).
 */
public interface RowSource extends AutoCloseable {
    /** The next non-empty chunk, or null at the end. */
    FlatVector[] next();

    @Override
    void close();
}
