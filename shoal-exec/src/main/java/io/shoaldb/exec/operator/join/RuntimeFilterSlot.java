package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a join's build publishes its {@link RuntimeFilter} for one probe-side scan column, and where that
 * scan picks it up. The scan runs in the join's probe pipeline, which starts only after the build pipeline
 * finished, so the filter (if any) is there by the time the scan opens a tablet.
 */
public final class RuntimeFilterSlot {
    /** Distinct keys up to which the filter carries the values themselves (an IN list), not just a range. */
    public static final int MAX_VALUES = 1024;
    /** Builds larger than this publish nothing: the scan over them would cost more than it saves. */
    static final int MAX_BUILD_ROWS = 1 << 21;

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
        if (n > MAX_BUILD_ROWS) {
            return;
        }
        FlatVector keys = Flat.of(buildRows.column(buildKey));
        Set<Object> distinct = new HashSet<>();
        Comparable<Object> min = null;
        Comparable<Object> max = null;
        for (int i = 0; i < n; i++) {
            int row = buildRows.selection() == null ? i : buildRows.selection()[i];
            if (keys.isNull(row)) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Comparable<Object> v = (Comparable<Object>) keys.getObject(row);
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
            return; // no key can match: the join itself returns nothing, quickly
        }
        List<Object> values = distinct == null ? null : new ArrayList<>(distinct);
        filter = new RuntimeFilter(scanColumn, tableColumn, probeType, min, max, values);
    }
}
