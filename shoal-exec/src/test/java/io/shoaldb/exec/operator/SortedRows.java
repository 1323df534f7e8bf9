package io.shoaldb.exec.operator;

import io.shoaldb.vector.Batch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** An operator's output as rows, for tests where the order of groups is not part of the result. */
final class SortedRows {
    private SortedRows() {
    }

    /** Rows as lists, sorted by their printed form. */
    static List<List<Object>> of(List<Batch> batches) {
        List<List<Object>> rows = new ArrayList<>();
        for (Batch b : batches) {
            for (int p = 0; p < b.positionCount(); p++) {
                List<Object> row = new ArrayList<>();
                for (int c = 0; c < b.columnCount(); c++) {
                    row.add(b.getObject(p, c));
                }
                rows.add(row);
            }
        }
        Map<List<Object>, String> printed = new IdentityHashMap<>();
        rows.forEach(r -> printed.put(r, Arrays.deepToString(r.toArray())));
        rows.sort(Comparator.comparing(printed::get));
        return rows;
    }
}
