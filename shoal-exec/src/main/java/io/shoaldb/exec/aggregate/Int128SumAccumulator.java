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
    private long[] high = new long[16];
    private long[] low = new long[16];
    private boolean[] seen = new boolean[16];

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
