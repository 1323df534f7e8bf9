package io.shoaldb.exec.aggregate;

import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/**
 * SUM of integers (INT32 or INT64 slots) into BIGINT, wrapping on overflow like Doris. {@code zeroIfEmpty}
 * makes an empty group 0 instead of NULL: used to merge partial counts.
 */
final class LongSumAccumulator extends Accumulator {
    private final boolean zeroIfEmpty;
    private long[] sums = new long[16];
    private boolean[] seen = new boolean[16];

    LongSumAccumulator(boolean zeroIfEmpty) {
        this.zeroIfEmpty = zeroIfEmpty;
    }

    @Override
    DataType outputType() {
        return DataType.BIGINT;
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > sums.length) {
            int n = grow(sums.length, groups);
            sums = Arrays.copyOf(sums, n);
            seen = Arrays.copyOf(seen, n);
        }
    }

    @Override
    void add(FlatVector input, int[] rows, int count, int[] groupIds) {
        boolean nulls = input.mayHaveNulls();
        switch (input) {
            case LongVector v -> {
                long[] a = v.values();
                if (groupIds == null && !nulls) {
                    long s = 0;
                    for (int i = 0; i < count; i++) {
                        s += a[rows[i]];
                    }
                    sums[0] += s;
                    seen[0] |= count > 0;
                    return;
                }
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        int g = groupIds == null ? 0 : groupIds[i];
                        sums[g] += a[r];
                        seen[g] = true;
                    }
                }
            }
            case IntVector v -> {
                int[] a = v.values();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        int g = groupIds == null ? 0 : groupIds[i];
                        sums[g] += a[r];
                        seen[g] = true;
                    }
                }
            }
            default -> throw new IllegalArgumentException("integer SUM over " + input.type());
        }
    }

    /** 64-bit values without NULLs are summed group by group, each sum in a register (integer sums: any order). */
    @Override
    void add(FlatVector input, int[] rows, int count, int[] groupIds, GroupedRows byGroup) {
        if (!(input instanceof LongVector v) || v.mayHaveNulls()) {
            add(input, rows, count, groupIds);
            return;
        }
        long[] a = v.values();
        int[] ordered = byGroup.rows();
        for (int g = 0; g < byGroup.groups(); g++) {
            int from = byGroup.start(g);
            int to = from + byGroup.size(g);
            if (to > from) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += a[ordered[i]];
                }
                sums[g] += s;
                seen[g] = true;
            }
        }
    }

    @Override
    void write(int group, VectorBuilder out) {
        if (seen[group] || zeroIfEmpty) {
            ((LongVectorBuilder) out).appendLong(sums[group]);
        } else {
            out.appendNull();
        }
    }

    @Override
    Object value(int group) {
        return seen[group] || zeroIfEmpty ? sums[group] : null;
    }
}
