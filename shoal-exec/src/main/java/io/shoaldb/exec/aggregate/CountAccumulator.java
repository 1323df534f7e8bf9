package io.shoaldb.exec.aggregate;

import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** COUNT(*) ({@code countNulls}) or COUNT(x): a BIGINT per group, 0 for a group without rows. */
final class CountAccumulator extends Accumulator {
    private final boolean countNulls;
    private long[] counts = new long[16];

    CountAccumulator(boolean countNulls) {
        this.countNulls = countNulls;
    }

    @Override
    DataType outputType() {
        return DataType.BIGINT;
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > counts.length) {
            counts = Arrays.copyOf(counts, grow(counts.length, groups));
        }
    }

    @Override
    void add(FlatVector input, int[] rows, int count, int[] groupIds) {
        boolean skipNulls = !countNulls && input != null && input.mayHaveNulls();
        if (groupIds == null) {
            if (!skipNulls) {
                counts[0] += count;
                return;
            }
            long c = 0;
            for (int i = 0; i < count; i++) {
                c += input.isNull(rows[i]) ? 0 : 1;
            }
            counts[0] += c;
            return;
        }
        if (!skipNulls) {
            for (int i = 0; i < count; i++) {
                counts[groupIds[i]]++;
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            if (!input.isNull(rows[i])) {
                counts[groupIds[i]]++;
            }
        }
    }

    /** Without NULLs to skip, a group's count is the number of its rows. */
    @Override
    void add(FlatVector input, int[] rows, int count, int[] groupIds, GroupedRows byGroup) {
        if (!countNulls && input != null && input.mayHaveNulls()) {
            add(input, rows, count, groupIds);
            return;
        }
        for (int g = 0; g < byGroup.groups(); g++) {
            counts[g] += byGroup.size(g);
        }
    }

    @Override
    void write(int group, VectorBuilder out) {
        ((LongVectorBuilder) out).appendLong(counts[group]);
    }

    @Override
    Object value(int group) {
        return counts[group];
    }
}
