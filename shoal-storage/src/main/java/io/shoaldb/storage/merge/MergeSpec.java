package io.shoaldb.storage.merge;

import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * What a merge needs to know about the columns it merges: their types, that the first {@code keyCount}
 * are the key, which one (if any, else -1) is the UNIQUE sequence column, and for AGGREGATE the function
 * of each value column (null for keys). DUPLICATE merges keep every row, in key order.
 */
public record MergeSpec(KeysModel model, List<DataType> types, int keyCount, int sequenceColumn,
                        List<AggregateFunction> functions) {
    public MergeSpec {
        types = List.copyOf(types);
        functions = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(functions));
        if (functions.size() != types.size() || keyCount > types.size()) {
            throw new IllegalArgumentException("merge spec: " + types.size() + " columns, " + functions.size()
                    + " functions, " + keyCount + " keys");
        }
    }

    public int columnCount() {
        return types.size();
    }
}
