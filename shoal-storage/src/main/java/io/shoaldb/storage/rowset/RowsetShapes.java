package io.shoaldb.storage.rowset;

import io.shoaldb.storage.segment.SegmentColumn;
import io.shoaldb.vector.Batch;
import java.util.List;

/** Checks that batches handed to a rowset writer have the tablet's columns, so a mismatch fails before any encoding. */
final class RowsetShapes {
    private RowsetShapes() {
    }

    static void check(List<SegmentColumn> columns, Batch batch, long tabletId) {
        if (batch.columnCount() != columns.size()) {
            throw new IllegalArgumentException("batch has " + batch.columnCount() + " columns, tablet "
                    + tabletId + " has " + columns.size());
        }
        for (int c = 0; c < columns.size(); c++) {
            if (!batch.column(c).type().equals(columns.get(c).type())) {
                throw new IllegalArgumentException("column " + c + " is " + batch.column(c).type() + ", tablet "
                        + tabletId + " expects " + columns.get(c).type());
            }
        }
    }
}
