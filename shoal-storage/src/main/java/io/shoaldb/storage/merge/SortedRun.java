package io.shoaldb.storage.merge;

import io.shoaldb.vector.FlatVector;

/** A cursor over one {@link RowSource}; {@code rank} orders sources by priority (higher = newer). */
final class SortedRun {
    final RowSource source;
    final int rank;
    FlatVector[] columns;
    int row;
    int rows;

    SortedRun(RowSource source, int rank) {
        this.source = source;
        this.rank = rank;
    }

    /** Moves to the next row; false once the source is exhausted. */
    boolean advance() {
        if (columns != null && ++row < rows) {
            return true;
        }
        // A new chunk gets a new array, so RowRefs into the previous chunk stay valid.
        FlatVector[] next = source.next();
        while (next != null && next[0].size() == 0) {
            next = source.next();
        }
        if (next == null) {
            columns = null;
            return false;
        }
        columns = next;
        row = 0;
        rows = next[0].size();
        return true;
    }
}
