package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;

/**
 * Functions whose result is the value of some row: LAG / LEAD, FIRST_VALUE / LAST_VALUE, MIN / MAX over a
 * frame. Each first picks, for every sorted position, a buffered row (or none), then the values are gathered in
 * one pass.
 */
final class RowValues {
    private static final int NONE = -1;

    private RowValues() {
    }

    /**
     * LAG ({@code step} = -offset) or LEAD ({@code step} = offset): the value {@code |step|} rows away in the
     * partition; past its edge the default (a vector over the buffered rows, or NULL when null).
     */
    static FlatVector shifted(SortedPartitions p, FlatVector values, long step, FlatVector defaults) {
        int[] rows = new int[p.size];
        boolean[] useDefault = defaults == null ? null : new boolean[p.size];
        for (int k = 0; k < p.size; k++) {
            long j = k + step;
            if (j >= p.partitionStart[k] && j < p.partitionEnd[k]) {
                rows[k] = p.order[(int) j];
            } else if (defaults != null) {
                rows[k] = p.order[k];
                useDefault[k] = true;
            } else {
                rows[k] = NONE;
            }
        }
        return gather(values, rows, defaults, useDefault);
    }

    /** FIRST_VALUE ({@code first}) or LAST_VALUE: the value at the frame's first or last row, NULL if it is empty. */
    static FlatVector frameEdge(SortedPartitions p, FrameBounds frames, FlatVector values, boolean first) {
        int[] rows = new int[p.size];
        for (int k = 0; k < p.size; k++) {
            rows[k] = frames.isEmpty(k) ? NONE : p.order[first ? frames.start()[k] : frames.end()[k] - 1];
        }
        return gather(values, rows, null, null);
    }

    /**
     * MIN ({@code min}) or MAX of the non-NULL values in each frame, with a monotonic deque of positions: frames
     * only move forward within a partition, so every position enters and leaves the deque once.
     */
    static FlatVector extreme(SortedPartitions p, FrameBounds frames, FlatVector values, boolean min) {
        int[] rows = new int[p.size];
        int[] deque = new int[p.size];
        int head = 0;
        int tail = 0;
        int next = 0;
        for (int k = 0; k < p.size; k++) {
            if (k == p.partitionStart[k]) {
                head = 0;
                tail = 0;
                next = k;
            }
            for (; next < frames.end()[k]; next++) {
                int row = p.order[next];
                if (values.isNull(row)) {
                    continue;
                }
                while (tail > head) {
                    int c = KeyComparator.compareValues(values, p.order[deque[tail - 1]], values, row);
                    if (min ? c < 0 : c > 0) {
                        break;
                    }
                    tail--;
                }
                deque[tail++] = next;
            }
            while (tail > head && deque[head] < frames.start()[k]) {
                head++;
            }
            rows[k] = tail > head ? p.order[deque[head]] : NONE;
        }
        return gather(values, rows, null, null);
    }

    /** {@code values} at {@code rows} (NONE: NULL; a default where {@code useDefault}: {@code defaults} at that row). */
    private static FlatVector gather(FlatVector values, int[] rows, FlatVector defaults, boolean[] useDefault) {
        if (defaults == null) {
            return gatherOrNull(values, rows);
        }
        VectorBuilder out = VectorBuilder.create(values.type(), rows.length);
        for (int k = 0; k < rows.length; k++) {
            if (rows[k] == NONE) {
                out.appendNull();
            } else {
                out.appendRange(useDefault[k] ? defaults : values, rows[k], 1);
            }
        }
        return out.build();
    }

    /** One typed copy of the picked rows, then NULL where none was picked (a first row's LAG, an empty frame). */
    private static FlatVector gatherOrNull(FlatVector values, int[] rows) {
        long[] nulls = null;
        int[] positions = rows;
        for (int k = 0; k < rows.length; k++) {
            if (rows[k] == NONE) {
                if (nulls == null) {
                    nulls = Validity.allValid(rows.length, rows.length);
                    positions = rows.clone();
                }
                Validity.setNull(nulls, k);
                positions[k] = 0; // any row: its value is masked
            }
        }
        FlatVector copy = values.copyPositions(positions, 0, positions.length);
        if (nulls == null) {
            return copy;
        }
        long[] validity = nulls;
        if (copy.validity() != null) {
            for (int w = 0; w < validity.length; w++) {
                validity[w] &= copy.validity()[w];
            }
        }
        int n = copy.size();
        return switch (copy) {
            case IntVector x -> new IntVector(x.type(), n, x.values(), validity);
            case LongVector x -> new LongVector(x.type(), n, x.values(), validity);
            case FloatVector x -> new FloatVector(x.type(), n, x.values(), validity);
            case DoubleVector x -> new DoubleVector(x.type(), n, x.values(), validity);
            case Int128Vector x -> new Int128Vector(x.type(), n, x.highs(), x.lows(), validity);
            case BytesVector x -> new BytesVector(x.type(), n, x.data(), x.offsets(), validity);
        };
    }
}
