package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import java.util.List;

/**
 * Compares two rows of one batch by the sort keys: one typed comparator per key column (chosen once per
 * batch), each applying its own direction and NULL placement.
 */
public final class RowComparator {
    private interface KeyCompare {
        int compare(int a, int b);
    }

    private final KeyCompare[] keys;
    private final Batch batch;
    private final List<SortKey> sortKeys;

    public RowComparator(Batch batch, List<SortKey> sortKeys) {
        this.batch = batch;
        this.sortKeys = sortKeys;
        keys = new KeyCompare[sortKeys.size()];
        for (int k = 0; k < keys.length; k++) {
            SortKey key = sortKeys.get(k);
            FlatVector v = Flat.of(batch.column(key.column()));
            KeyCompare values = switch (v) {
                case IntVector x -> (a, b) -> Integer.compare(x.getInt(a), x.getInt(b));
                case LongVector x -> (a, b) -> Long.compare(x.getLong(a), x.getLong(b));
                case DoubleVector x -> (a, b) -> Double.compare(x.getDouble(a) + 0.0, x.getDouble(b) + 0.0);
                case FloatVector x -> (a, b) -> Float.compare(x.getFloat(a) + 0.0f, x.getFloat(b) + 0.0f);
                case Int128Vector x -> x::compare;
                case BytesVector x -> (a, b) -> BytesVector.compare(x, a, x, b);
            };
            int direction = key.ascending() ? 1 : -1;
            int nullOrder = key.nullsFirst() ? -1 : 1;
            keys[k] = !v.mayHaveNulls() ? (a, b) -> direction * values.compare(a, b) : (a, b) -> {
                boolean na = v.isNull(a);
                boolean nb = v.isNull(b);
                if (na || nb) {
                    return na == nb ? 0 : na ? nullOrder : -nullOrder;
                }
                return direction * values.compare(a, b);
            };
        }
    }

    int compare(int a, int b) {
        for (KeyCompare k : keys) {
            int c = k.compare(a, b);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Row numbers {@code 0 .. n-1} sorted stably: by {@link PackedKeySort} when the leading key is a fixed-width
     * number, else a merge sort on int[] (no boxing) with this comparator.
     */
    public int[] sortedRows(int n) {
        if (n > 1 && !sortKeys.isEmpty()) {
            int[] packed = PackedKeySort.sortedRows(batch, sortKeys, n, this);
            if (packed != null) {
                return packed;
            }
        }
        return comparatorSortedRows(n);
    }

    /** {@link #sortedRows} by comparisons only (the way every batch was sorted before {@link PackedKeySort}). */
    public int[] comparatorSortedRows(int n) {
        int[] rows = Flat.identity(n);
        int[] tmp = new int[n];
        mergeSort(rows, tmp, 0, n);
        return rows;
    }

    /** Sorts {@code rows[from .. to)} stably by every key; {@code tmp} is scratch space at least {@code to} long. */
    void sortRange(int[] rows, int[] tmp, int from, int to) {
        mergeSort(rows, tmp, from, to);
    }

    private void mergeSort(int[] a, int[] tmp, int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= from && compare(a[j], x) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid);
        mergeSort(a, tmp, mid, to);
        if (compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compare(tmp[i], tmp[j]) <= 0)) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
