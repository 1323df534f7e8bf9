package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.JavaValues;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a join's build publishes its {@link RuntimeFilter} for one probe-side scan column, and where that
 * scan picks it up. When the scan runs in the join's probe pipeline (broadcast and colocated joins), that pipeline
 * starts only after the build pipeline finished, so the filter (if any) is there by the time the scan opens a tablet;
 * the scan under a partitioned join's probe exchange runs alongside the build and applies the filter to the work
 * units it opens once the filter is published (most of them: that exchange fills and holds the scan back until the
 * join probes).
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
        publish(List.of(buildRows));
    }

    /** Same, from the build rows in several parts (the tables of a partitioned or colocated join). */
    void publish(List<Batch> parts) {
        List<FlatVector> keys = new ArrayList<>();
        for (Batch part : parts) {
            keys.add(keys(part));
        }
        publishKeys(keys);
    }

    /** The build column this filter is made of. */
    int buildKey() {
        return buildKey;
    }

    /** The build key column of {@code rows}, flat and without a selection. */
    FlatVector keys(Batch rows) {
        Batch flat = rows.selection() != null ? rows.compact() : rows;
        return Flat.of(flat.column(buildKey));
    }

    /** Computes the filter from the build key column in parts (all build rows' keys). */
    void publishKeys(List<FlatVector> keys) {
        int rows = 0;
        for (FlatVector part : keys) {
            rows += part.size();
        }
        if (keys.stream().allMatch(v -> v instanceof LongVector || v instanceof IntVector)) {
            publishIntegers(keys);
        } else if (rows <= MAX_GENERIC_ROWS) {
            publishObjects(keys);
        }
    }

    /** 32- and 64-bit keys from their arrays: one pass for the range and the first distinct keys, one to index them. */
    private void publishIntegers(List<FlatVector> parts) {
        KeyMembership.Keys keys = action -> {
            for (FlatVector v : parts) {
                boolean nulls = v.mayHaveNulls();
                int n = v.size();
                switch (v) {
                    case LongVector lv -> {
                        long[] a = lv.values();
                        for (int i = 0; i < n; i++) {
                            if (!(nulls && v.isNull(i))) {
                                action.accept(a[i]);
                            }
                        }
                    }
                    case IntVector iv -> {
                        int[] a = iv.values();
                        for (int i = 0; i < n; i++) {
                            if (!(nulls && v.isNull(i))) {
                                action.accept(a[i]);
                            }
                        }
                    }
                    default -> throw new IllegalStateException("a " + probeType + " key in a " + v.getClass());
                }
            }
        };
        long[] range = {Long.MAX_VALUE, Long.MIN_VALUE, 0};
        LongKeySet[] distinct = {new LongKeySet(MAX_VALUES)};
        keys.forEach(v -> {
            range[0] = Math.min(range[0], v);
            range[1] = Math.max(range[1], v);
            range[2]++;
            if (distinct[0] != null && !distinct[0].add(v)) {
                distinct[0] = null;
            }
        });
        if (range[2] == 0) {
            return; // no key can match: the join itself returns nothing, quickly
        }
        List<Object> values = null;
        if (distinct[0] != null) {
            values = new ArrayList<>();
            for (long v : distinct[0].values()) {
                values.add(object(v));
            }
        }
        KeyMembership members = KeyMembership.of(range[0], range[1], range[2], values == null ? -1 : values.size(), keys);
        filter = new RuntimeFilter(scanColumn, tableColumn, probeType, object(range[0]), object(range[1]), values,
                members);
    }

    private Object object(long raw) {
        return PhysicalType.of(probeType) == PhysicalType.INT32 ? JavaValues.fromInt(probeType, (int) raw)
                : JavaValues.fromLong(probeType, raw);
    }

    /** Other key types through their Java values (bounded: builds of at most MAX_GENERIC_ROWS rows). */
    private void publishObjects(List<FlatVector> parts) {
        Set<Object> distinct = new HashSet<>();
        Comparable<Object> min = null;
        Comparable<Object> max = null;
        for (FlatVector keys : parts) {
            for (int i = 0; i < keys.size(); i++) {
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
        }
        if (min == null) {
            return;
        }
        filter = new RuntimeFilter(scanColumn, tableColumn, probeType, min, max,
                distinct == null ? null : new ArrayList<>(distinct), null);
    }
}
