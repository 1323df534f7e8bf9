package io.shoaldb.exec.aggregate;

import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.DoubleVectorBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** SUM of FLOAT or DOUBLE into DOUBLE. */
final class DoubleSumAccumulator extends Accumulator {
    private double[] sums = new double[16];
    private boolean[] seen = new boolean[16];

    @Override
    DataType outputType() {
        return DataType.DOUBLE;
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
            case DoubleVector v -> {
                double[] a = v.values();
                if (groupIds == null && !nulls) {
                    double s = 0;
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
            case FloatVector v -> {
                float[] a = v.values();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        int g = groupIds == null ? 0 : groupIds[i];
                        sums[g] += a[r];
                        seen[g] = true;
                    }
                }
            }
            default -> throw new IllegalArgumentException("floating SUM over " + input.type());
        }
    }

    @Override
    void write(int group, VectorBuilder out) {
        if (seen[group]) {
            ((DoubleVectorBuilder) out).appendDouble(sums[group]);
        } else {
            out.appendNull();
        }
    }

    @Override
    Object value(int group) {
        return seen[group] ? sums[group] : null;
    }
}
