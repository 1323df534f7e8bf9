package io.shoaldb.ingest.groupcommit;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The rows a group-commit batch gathered, in the order their loads joined. Small loads' batches are merged into
 * one every {@link #MERGE_ROWS} rows: an async batch gathers for its whole interval (10 s by default), and 50,000
 * one-row batches - each a handful of small objects - would be copied by every young collection of those seconds
 * and appended to the table's writers one by one at the commit; merged, they are a few arrays appended in a few
 * calls. Loads of {@code MERGE_ROWS} rows or more stay as they came. Guarded by the owning queue's lock, like the
 * rest of the batch.
 */
final class GatheredRows {
    /** Rows of small batches merged at once: big enough that the merges are rare, small enough to be quick. */
    static final int MERGE_ROWS = 4096;

    private final List<Batch> batches = new ArrayList<>();
    /** Where the small batches not merged yet begin in {@link #batches}, and their rows. */
    private int unmergedFrom;
    private int unmergedRows;

    void add(Batch batch) {
        batches.add(batch);
        int rows = batch.positionCount();
        if (rows >= MERGE_ROWS) {
            // The small ones before it stay as they are: merging across it would reorder the rows.
            unmergedFrom = batches.size();
            unmergedRows = 0;
            return;
        }
        unmergedRows += rows;
        if (unmergedRows >= MERGE_ROWS) {
            List<Batch> tail = batches.subList(unmergedFrom, batches.size());
            Batch merged = merge(tail, unmergedRows);
            tail.clear();
            batches.add(merged);
            unmergedFrom = batches.size();
            unmergedRows = 0;
        }
    }

    /** The rows in join order. */
    List<Batch> batches() {
        return Collections.unmodifiableList(batches);
    }

    private static Batch merge(List<Batch> parts, int rows) {
        Batch first = parts.getFirst();
        List<DataType> types = new ArrayList<>(first.columnCount());
        for (int c = 0; c < first.columnCount(); c++) {
            types.add(first.column(c).type());
        }
        BatchBuilder merged = new BatchBuilder(types, rows);
        for (Batch part : parts) {
            Batch flat = part.compact();
            for (int c = 0; c < types.size(); c++) {
                merged.column(c).appendRange((FlatVector) flat.column(c), 0, flat.rowCount());
            }
        }
        return merged.build();
    }
}
