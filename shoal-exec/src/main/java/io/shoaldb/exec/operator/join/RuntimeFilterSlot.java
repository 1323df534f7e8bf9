package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.JavaValues;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Where a join's build publishes its {@link RuntimeFilter} for one probe-side scan column, and where that
 * scan picks it up. The scan runs in the join's probe pipeline, which starts only after the build pipeline
 * finished, so the filter (if any) is there by the time the scan opens a tablet.
 */
public final class RuntimeFilterSlot {
    /** Distinct keys up to which the filter carries the values themselves (an IN list), not just a range. */
    public static final int MAX_VALUES = 1024;
    /** Keys other than 32/64-bit integers are read as Java objects: only from builds up to this size. */
    static final int MAX_GENERIC_ROWS = 1 << 16;

    private final int buildKey;
    private final int scanColumn;
    private final int tableColumn;
    private final DataType probeType;
    private volatile RuntimeFilter filter;

    /**
     * @param buildKey column of the build rows holding the key
     * @param scanColumn position of the probe key among the scan's columns; {@code tableColumn} its table position
     */
    public RuntimeFilterSlot(int buildKey, int scanColumn, int tableColumn, DataType probeType) {
        this.buildKey = buildKey;
        this.scanColumn = scanColumn;
        this.tableColumn = tableColumn;
        this.probeType = probeType;
    }

    /** The published filter, or null when the build published none. */
    public RuntimeFilter filter() {
        return filter;
    }

    /** Computes the filter from all build rows; NULL keys match nothing, so they are left out. */
    void publish(Batch buildRows) {
        int n = buildRows.positionCount();
        if (buildRows.selection() != null) {
            buildRows = buildRows.compact();
        }
        FlatVector keys = Flat.of(buildRows.column(buildKey));
        switch (keys) {
            case LongVector v -> publishIntegers(v.values(), null, v, n, x -> JavaValues.fromLong(v.type(), x));
            case IntVector v -> publishIntegers(null, v.values(), v, n, x -> JavaValues.fromInt(v.type(), (int) x));
            default -> {
                if (n <= MAX_GENERIC_ROWS) {
                    publishObjects(keys, n);
                }
            }
        }
    }

    /** 32- and 64-bit keys from their arrays: one pass for the range, distinct keys in a small open set. */
    private void publishIntegers(long[] longs, int[] ints, FlatVector keys, int n, LongFunction<Object> toObject) {
        boolean nulls = keys.mayHaveNulls();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int present = 0;
        LongKeySet distinct = new LongKeySet(MAX_VALUES);
        for (int i = 0; i < n; i++) {
            if (nulls && keys.isNull(i)) {
                continue;
            }
            long v = longs != null ? longs[i] : ints[i];
            present++;
            min = Math.min(min, v);
            max = Math.max(max, v);
            if (distinct != null && !distinct.add(v)) {
                distinct = null;
            }
        }
        if (present == 0) {
            return; // no key can match: the join itself returns nothing, quickly
        }
        List<Object> values = null;
        if (distinct != null) {
            values = new ArrayList<>();
            for (long v : distinct.values()) {
                values.add(toObject.apply(v));
            }
        }
        filter = new RuntimeFilter(scanColumn, tableColumn, probeType, toObject.apply(min), toObject.apply(max), values);
    }

    /** Other key types through their Java values (bounded: builds of at most MAX_GENERIC_ROWS rows). */
    private void publishObjects(FlatVector keys, int n) {
        Set<Object> distinct = new HashSet<>();
        Comparable<Object> min = null;
        Comparable<Object> max = null;
        for (int i = 0; i < n; i++) {
            if (keys.isNull(i)) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Comparable<Object> v = (Comparable<Object>) keys.getObject(i);
            if (min == null || v.compareTo(min) < 0) {
                min = v;
            }
            if (max == null || v.compareTo(max) > 0) {
                max = v;
            }
            if (distinct != null && distinct.add(v) && distinct.size() > MAX_VALUES) {
                distinct = null;
            }
        }
        if (min == null) {
            return;
        }
        filter = new RuntimeFilter(scanColumn, tableColumn, probeType, min, max,
                distinct == null ? null : new ArrayList<>(distinct));
    }
}
