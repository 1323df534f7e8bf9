package io.shoaldb.exec.aggregate;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.Int128VectorBuilder;
import io.shoaldb.vector.JavaValues;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/**
 * SUM into a 128-bit integer: DECIMAL (result DECIMAL(38,s), unscaled) and LARGEINT. Inputs are 64-bit
 * decimal slots or 128-bit slots. The global no-null 64-bit case adds runs of values in a plain long -
 * as many as cannot overflow for the input's precision - and folds each run into 128 bits, so the inner
 * loop is a simple vectorisable sum.
 */
final class Int128SumAccumulator extends Accumulator {
    private final DataType outputType;
    /** Values per run whose long sum cannot overflow: Long.MAX_VALUE / (10^precision). */
    private final int safeRun;
    /** Group capacities up to which grouped sums go through per-run partial sums. */
    private static final int FEW_GROUPS = 256;
    /** Shortest run worth {@link #addFewGroups}: each run folds every group up to the highest id seen. */
    private static final int MIN_RUN = 1024;
    private long[] high = new long[16];
    private long[] low = new long[16];
    private boolean[] seen = new boolean[16];
    /** Per-group run sums of {@link #addFewGroups}, all 0 between calls. */
    private long[] partial;
    private int[] zeroGroups;

    Int128SumAccumulator(DataType outputType, DataType inputType) {
        this.outputType = outputType;
        int digits = inputType.id() == io.shoaldb.vector.type.TypeId.DECIMAL ? inputType.precision() : 19;
        this.safeRun = digits >= 19 ? 1 : (int) Math.max(1, Math.min(1 << 20, Long.MAX_VALUE / (long) Math.pow(10, digits)));
    }

    @Override
    DataType outputType() {
        return outputType;
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > high.length) {
            int n = grow(high.length, groups);
            high = Arrays.copyOf(high, n);
            low = Arrays.copyOf(low, n);
            seen = Arrays.copyOf(seen, n);
        }
    }

    private void addLong(int g, long v) {
        long l = low[g] + v;
        high[g] += (v >> 63) + (Long.compareUnsigned(l, low[g]) < 0 ? 1 : 0);
        low[g] = l;
    }

    private void add128(int g, long h, long lo) {
        long l = low[g] + lo;
        high[g] += h + (Long.compareUnsigned(l, low[g]) < 0 ? 1 : 0);
        low[g] = l;
    }

    @Override
    void add(FlatVector input, int[] rows, int count, int[] groupIds) {
        boolean nulls = input.mayHaveNulls();
        switch (input) {
            case LongVector v -> {
                long[] a = v.values();
                if (groupIds == null && !nulls) {
                    boolean dense = Flat.isPositions(rows);
                    for (int start = 0; start < count; start += safeRun) {
                        int end = Math.min(count, start + safeRun);
                        addLong(0, dense ? sum(a, start, end) : sum(a, rows, start, end));
                    }
                    seen[0] |= count > 0;
                    return;
                }
                if (!nulls && high.length <= FEW_GROUPS && safeRun >= MIN_RUN) {
                    addFewGroups(a, rows, count, groupIds, safeRun);
                    return;
                }
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        int g = groupIds == null ? 0 : groupIds[i];
                        addLong(g, a[r]);
                        seen[g] = true;
                    }
                }
            }
            case Int128Vector v -> {
                long[] h = v.highs();
                long[] l = v.lows();
                int run = nulls || high.length > FEW_GROUPS ? 0 : longRun(h, l, rows, count);
                if (run >= MIN_RUN) { // every value fits a long: sum the low words as longs
                    addFewGroups(l, rows, count, groupIds == null ? zeros(count) : groupIds, run);
                    return;
                }
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        int g = groupIds == null ? 0 : groupIds[i];
                        add128(g, h[r], l[r]);
                        seen[g] = true;
                    }
                }
            }
            default -> throw new IllegalArgumentException("128-bit SUM over " + input.type());
        }
    }

    /**
     * Values without NULLs that fit a long (64-bit decimals, and 128-bit ones whose batch fits) are summed group by
     * group in runs a long cannot overflow, each run's sum folded into 128 bits: no per-row 128-bit add, and each
     * run's sum stays in a register.
     */
    @Override
    void add(FlatVector input, int[] rows, int count, int[] groupIds, GroupedRows byGroup) {
        if (input.mayHaveNulls()) {
            add(input, rows, count, groupIds);
            return;
        }
        switch (input) {
            case LongVector v when safeRun >= MIN_RUN -> addGrouped(v.values(), byGroup, safeRun);
            case Int128Vector v -> {
                int run = longRun(v.highs(), v.lows(), rows, count);
                if (run >= MIN_RUN) {
                    addGrouped(v.lows(), byGroup, run);
                } else {
                    add(input, rows, count, groupIds);
                }
            }
            default -> add(input, rows, count, groupIds);
        }
    }

    private void addGrouped(long[] a, GroupedRows byGroup, int run) {
        int[] ordered = byGroup.rows();
        for (int g = 0; g < byGroup.groups(); g++) {
            int from = byGroup.start(g);
            int end = from + byGroup.size(g);
            for (int start = from; start < end; start += run) {
                addLong(g, sum(a, ordered, start, Math.min(end, start + run)));
            }
            seen[g] |= end > from;
        }
    }

    /**
     * When every selected 128-bit value fits a long (its high word is its low word's sign, as for products of
     * 64-bit decimals, TPC-H's price * (1 - discount)): how many of them a long can sum without overflow, from
     * the largest magnitude; else 0. One check per batch instead of a 128-bit add per value.
     */
    private static int longRun(long[] h, long[] l, int[] rows, int count) {
        long largest = 0;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            long x = l[r];
            if (h[r] != x >> 63 || x == Long.MIN_VALUE) {
                return 0;
            }
            largest = Math.max(largest, Math.abs(x));
        }
        return (int) Math.min(1 << 20, Long.MAX_VALUE / Math.max(1, largest));
    }

    /** Group ids all 0, for the global aggregate through {@link #addFewGroups}. */
    private int[] zeros(int count) {
        if (zeroGroups == null || zeroGroups.length < count) {
            zeroGroups = new int[count];
        }
        return zeroGroups;
    }

    /**
     * The grouped no-null case when every value fits a long and there are few groups (TPC-H Q1 has four): runs of
     * {@code run} rows are summed per group in plain longs - {@code run} is chosen so that no sum of that many values
     * overflows, and a group takes at most every row of the run - and each run's sums are folded into 128 bits once
     * per group.
     */
    private void addFewGroups(long[] a, int[] rows, int count, int[] groupIds, int run) {
        if (partial == null || partial.length < high.length) {
            partial = new long[high.length];
        }
        long[] sums = partial;
        for (int start = 0; start < count; start += run) {
            int end = Math.min(count, start + run);
            int top = 0;
            for (int i = start; i < end; i++) {
                int g = groupIds[i];
                sums[g] += a[rows[i]];
                seen[g] = true;
                top = Math.max(top, g);
            }
            for (int g = 0; g <= top; g++) {
                if (sums[g] != 0) {
                    addLong(g, sums[g]);
                    sums[g] = 0;
                }
            }
        }
    }

    /** Positions start..end-1 of a batch without a selection: a plain loop the JIT vectorises. */
    private static long sum(long[] a, int start, int end) {
        long s = 0;
        for (int i = start; i < end; i++) {
            s += a[i];
        }
        return s;
    }

    private static long sum(long[] a, int[] rows, int start, int end) {
        long s = 0;
        for (int i = start; i < end; i++) {
            s += a[rows[i]];
        }
        return s;
    }

    @Override
    void write(int group, VectorBuilder out) {
        if (seen[group]) {
            ((Int128VectorBuilder) out).appendInt128(high[group], low[group]);
        } else {
            out.appendNull();
        }
    }

    @Override
    Object value(int group) {
        return seen[group] ? JavaValues.fromInt128(outputType, high[group], low[group]) : null;
    }
}
