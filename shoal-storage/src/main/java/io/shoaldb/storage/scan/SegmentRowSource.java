package io.shoaldb.storage.scan;

import io.shoaldb.storage.merge.RowSource;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;

/** One segment as a merge input: its batches with every vector flattened (the merge reads values by position). */
final class SegmentRowSource implements RowSource {
    private final SegmentBatches batches;

    SegmentRowSource(SegmentBatches batches) {
        this.batches = batches;
    }

    @Override
    public FlatVector[] next() {
        Batch b = batches.next();
        if (b == null) {
            return null;
        }
        FlatVector[] out = new FlatVector[b.columnCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = b.column(c).flatten();
        }
        return out;
    }

    @Override
    public void close() {
        batches.close();
    }
}
