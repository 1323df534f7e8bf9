package io.shoaldb.vector;

/**
 * Orders the rows of a batch by key columns, stably, ascending with nulls first (Doris's order for
 * key columns). Used by the memtable flush, whose output segments must be sorted by key. Floating
 * values use {@link Double#compare} order (-0.0 before 0.0, NaN last); strings compare as unsigned
 * UTF-8 bytes, i.e. by code point.
 */
public final class BatchSorter {
    private BatchSorter() {
    }

    /**
     * A batch with the selected rows of {@code batch} in key order (flat vectors, no selection): {@code batch}
     * itself when it is flat and already in order - rows often arrive in key order (a file sorted by its key, a time
     * series), and the copy of every column would then move nothing.
     */
    public static Batch sort(Batch batch, int... keyColumns) {
        int[] order = sortedPositions(batch, keyColumns);
        if (isAscending(order)) {
            return batch.compact();
        }
        ColumnVector[] out = new ColumnVector[batch.columnCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = batch.column(c).copyPositions(order, 0, order.length);
        }
        return new Batch(order.length, out);
    }

    /** Whether the positions are 0, 1, 2, ...: the selected rows are all rows, in order. */
    private static boolean isAscending(int[] positions) {
        for (int i = 0; i < positions.length; i++) {
            if (positions[i] != i) {
                return false;
            }
        }
        return true;
    }

    /** The selected row positions of {@code batch} in key order. */
    public static int[] sortedPositions(Batch batch, int... keyColumns) {
        int n = batch.positionCount();
        int[] positions = new int[n];
        for (int i = 0; i < n; i++) {
            positions[i] = batch.row(i);
        }
        if (keyColumns.length == 0 || n < 2) {
            return positions;
        }
        PositionComparator[] keys = new PositionComparator[keyColumns.length];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = comparator(batch.column(keyColumns[k]));
        }
        PositionComparator cmp = keys.length == 1 ? keys[0] : (a, b) -> {
            for (PositionComparator key : keys) {
                int c = key.compare(a, b);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
        mergeSort(positions, new int[n], 0, n, cmp);
        return positions;
    }

    /** Compares two row positions of one column. */
    @FunctionalInterface
    interface PositionComparator {
        int compare(int left, int right);
    }

    private static PositionComparator comparator(ColumnVector column) {
        // Dictionary/constant keys are rare at flush time; flattening them keeps one code path per type.
        FlatVector v = column.flatten();
        PositionComparator values = switch (v) {
            case IntVector x -> (a, b) -> Integer.compare(x.getInt(a), x.getInt(b));
            case LongVector x -> (a, b) -> Long.compare(x.getLong(a), x.getLong(b));
            case FloatVector x -> (a, b) -> Float.compare(x.getFloat(a), x.getFloat(b));
            case DoubleVector x -> (a, b) -> Double.compare(x.getDouble(a), x.getDouble(b));
            case Int128Vector x -> x::compare;
            case BytesVector x -> (a, b) -> BytesVector.compare(x, a, x, b);
        };
        if (!v.mayHaveNulls()) {
            return values;
        }
        return (a, b) -> {
            boolean an = v.isNull(a);
            boolean bn = v.isNull(b);
            if (an || bn) {
                return an == bn ? 0 : an ? -1 : 1;
            }
            return values.compare(a, b);
        };
    }

    private static final int INSERTION_SORT_THRESHOLD = 16;

    /** Top-down merge sort of {@code a[from, to)}: stable, O(n log n), no boxing. */
    private static void mergeSort(int[] a, int[] tmp, int from, int to, PositionComparator cmp) {
        if (to - from <= INSERTION_SORT_THRESHOLD) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= from && cmp.compare(a[j], x) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, cmp);
        mergeSort(a, tmp, mid, to, cmp);
        if (cmp.compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && cmp.compare(tmp[i], tmp[j]) <= 0)) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
