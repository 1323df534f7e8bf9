package io.shoaldb.storage.tablet;

import io.shoaldb.storage.segment.SegmentColumn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A table's columns as storage sees them; the server converts from the catalog. The first
 * {@code keyColumnCount} columns are the key (segments are sorted by them). {@code aggregations} has one
 * entry per column: null for key columns and for DUPLICATE/UNIQUE tables. {@code defaultValues} (one per
 * column, Java objects as documented on {@code TypeId}, null = NULL) fill columns that an older segment
 * predates.
 */
public record TabletSchema(List<SegmentColumn> columns, int keyColumnCount, KeysModel model,
                           List<AggregateFunction> aggregations, int sequenceColumnIndex, List<Object> defaultValues) {
    public TabletSchema {
        columns = List.copyOf(columns);
        aggregations = Collections.unmodifiableList(new ArrayList<>(aggregations == null
                ? Collections.nCopies(columns.size(), null) : aggregations));
        defaultValues = Collections.unmodifiableList(new ArrayList<>(defaultValues == null
                ? Collections.nCopies(columns.size(), null) : defaultValues));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a tablet needs at least one column");
        }
        if (keyColumnCount < 0 || keyColumnCount > columns.size()) {
            throw new IllegalArgumentException("key column count " + keyColumnCount + " of " + columns.size());
        }
        if (model != KeysModel.DUPLICATE && keyColumnCount == 0) {
            throw new IllegalArgumentException(model + " needs key columns");
        }
        if (aggregations.size() != columns.size() || defaultValues.size() != columns.size()) {
            throw new IllegalArgumentException("aggregations and defaults need one entry per column");
        }
        Set<Integer> ids = new HashSet<>();
        for (int c = 0; c < columns.size(); c++) {
            if (!ids.add(columns.get(c).uniqueId())) {
                throw new IllegalArgumentException("duplicate column unique id " + columns.get(c).uniqueId());
            }
            AggregateFunction f = aggregations.get(c);
            boolean needsFunction = model == KeysModel.AGGREGATE && c >= keyColumnCount;
            if (needsFunction != (f != null)) {
                throw new IllegalArgumentException("column " + c + (needsFunction ? " needs" : " must not have")
                        + " an aggregate function");
            }
        }
        if (sequenceColumnIndex != -1 && (model != KeysModel.UNIQUE || sequenceColumnIndex < keyColumnCount
                || sequenceColumnIndex >= columns.size())) {
            throw new IllegalArgumentException("a sequence column must be a value column of a UNIQUE table");
        }
    }

    /** A schema whose columns all default to NULL. */
    public TabletSchema(List<SegmentColumn> columns, int keyColumnCount, KeysModel model,
                        List<AggregateFunction> aggregations, int sequenceColumnIndex) {
        this(columns, keyColumnCount, model, aggregations, sequenceColumnIndex, null);
    }

    public int columnCount() {
        return columns.size();
    }

    public boolean hasSequenceColumn() {
        return sequenceColumnIndex >= 0;
    }

    /** Key column positions {@code 0 .. keyColumnCount-1}. */
    public int[] keyColumns() {
        int[] keys = new int[keyColumnCount];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i;
        }
        return keys;
    }

    public int indexOfUniqueId(int uniqueId) {
        for (int c = 0; c < columns.size(); c++) {
            if (columns.get(c).uniqueId() == uniqueId) {
                return c;
            }
        }
        return -1;
    }
}
