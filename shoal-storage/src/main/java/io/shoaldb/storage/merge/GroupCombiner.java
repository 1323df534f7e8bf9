package io.shoaldb.storage.merge;

import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.DoubleVectorBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.FloatVectorBuilder;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.Int128VectorBuilder;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.VectorBuilder;
import java.util.List;

/**
 * Turns one group of rows with equal keys, ordered oldest to newest, into output rows: UNIQUE keeps the
 * newest row (or the one with the highest sequence value; ties go to the newer), AGGREGATE combines
 * value columns by their functions, DUPLICATE keeps every row. The same rules serve the memtable flush
 * (newest = appended last), scans and compaction (newest = highest version), so the three cannot drift.
 */
final class GroupCombiner {
    private final MergeSpec spec;
    private final ValueComparator[] comparators;

    GroupCombiner(MergeSpec spec) {
        this.spec = spec;
        this.comparators = new ValueComparator[spec.columnCount()];
        for (int c = 0; c < comparators.length; c++) {
            comparators[c] = ValueComparator.of(PhysicalType.of(spec.types().get(c)));
        }
    }

    void emit(List<RowRef> group, VectorBuilder[] out) {
        if (group.size() == 1) {
            copyRow(group.getFirst(), out);
            return;
        }
        switch (spec.model()) {
            case DUPLICATE -> group.forEach(r -> copyRow(r, out));
            case UNIQUE -> copyRow(group.get(uniqueWinner(group)), out);
            case AGGREGATE -> aggregate(group, out);
        }
    }

    private int uniqueWinner(List<RowRef> group) {
        int seq = spec.sequenceColumn();
        if (seq < 0) {
            return group.size() - 1;
        }
        int best = 0;
        ValueComparator cmp = comparators[seq];
        for (int i = 1; i < group.size(); i++) {
            RowRef b = group.get(best);
            RowRef r = group.get(i);
            if (cmp.compare(r.columns()[seq], r.row(), b.columns()[seq], b.row()) >= 0) {
                best = i;
            }
        }
        return best;
    }

    private void aggregate(List<RowRef> group, VectorBuilder[] out) {
        RowRef newest = group.getLast();
        for (int c = 0; c < out.length; c++) {
            AggregateFunction f = spec.functions().get(c);
            if (f == null || f == AggregateFunction.REPLACE) {
                copy(newest, c, out[c]);
                continue;
            }
            switch (f) {
                case REPLACE_IF_NOT_NULL -> copy(newestNonNull(group, c, newest), c, out[c]);
                case MIN, MAX -> copy(extreme(group, c, f == AggregateFunction.MAX), c, out[c]);
                case SUM -> sum(group, c, out[c]);
                default -> throw new IllegalStateException(f.name());
            }
        }
    }

    private static RowRef newestNonNull(List<RowRef> group, int c, RowRef fallback) {
        for (int i = group.size() - 1; i >= 0; i--) {
            RowRef r = group.get(i);
            if (!r.columns()[c].isNull(r.row())) {
                return r;
            }
        }
        return fallback;
    }

    /** The row with the smallest (or largest) non-null value; a null row when all are null. */
    private RowRef extreme(List<RowRef> group, int c, boolean max) {
        RowRef best = null;
        for (RowRef r : group) {
            if (r.columns()[c].isNull(r.row())) {
                continue;
            }
            if (best == null) {
                best = r;
            } else {
                int cmp = comparators[c].compare(r.columns()[c], r.row(), best.columns()[c], best.row());
                if (max ? cmp > 0 : cmp < 0) {
                    best = r;
                }
            }
        }
        return best != null ? best : group.getFirst();
    }

    private static void sum(List<RowRef> group, int c, VectorBuilder out) {
        boolean any = false;
        long longSum = 0;
        double doubleSum = 0;
        long high = 0;
        long low = 0;
        for (RowRef r : group) {
            FlatVector v = r.columns()[c];
            int row = r.row();
            if (v.isNull(row)) {
                continue;
            }
            any = true;
            switch (v) {
                case IntVector x -> longSum += x.getInt(row);
                case LongVector x -> longSum += x.getLong(row);
                case FloatVector x -> doubleSum += x.getFloat(row);
                case DoubleVector x -> doubleSum += x.getDouble(row);
                case Int128Vector x -> {
                    long l = low + x.getLow(row);
                    high += x.getHigh(row) + (Long.compareUnsigned(l, low) < 0 ? 1 : 0);
                    low = l;
                }
                default -> throw new IllegalStateException("SUM over " + v.type());
            }
        }
        if (!any) {
            out.appendNull();
            return;
        }
        switch (out) {
            case IntVectorBuilder b -> b.appendInt((int) longSum);
            case LongVectorBuilder b -> b.appendLong(longSum);
            case FloatVectorBuilder b -> b.appendFloat((float) doubleSum);
            case DoubleVectorBuilder b -> b.appendDouble(doubleSum);
            case Int128VectorBuilder b -> b.appendInt128(high, low);
            default -> throw new IllegalStateException("SUM into " + out.type());
        }
    }

    static void copyRow(RowRef r, VectorBuilder[] out) {
        for (int c = 0; c < out.length; c++) {
            copy(r, c, out[c]);
        }
    }

    private static void copy(RowRef r, int c, VectorBuilder out) {
        out.appendRange(r.columns()[c], r.row(), 1);
    }

    boolean collapses() {
        return spec.model() != KeysModel.DUPLICATE;
    }
}
