package io.shoaldb.exec.expr.function.conditional;

import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/**
 * Builds one vector from several of the same type, row {@code i} taken from source {@code pick[i]} (NULL when
 * {@code pick[i] < 0} or that source is NULL there): the output step of CASE and COALESCE, one typed loop per
 * physical type.
 */
final class RowPicker {
    private RowPicker() {
    }

    static FlatVector pick(DataType type, FlatVector[] sources, int[] pick, int n) {
        long[] validity = null;
        for (int i = 0; i < n; i++) {
            if (pick[i] < 0 || sources[pick[i]].isNull(i)) {
                if (validity == null) {
                    validity = Validity.allValid(n, n);
                }
                Validity.setNull(validity, i);
                pick[i] = -1;
            }
        }
        switch (PhysicalType.of(type)) {
            case INT32 -> {
                int[][] v = new int[sources.length][];
                for (int s = 0; s < sources.length; s++) {
                    v[s] = sources[s] == null ? null : ((IntVector) sources[s]).values();
                }
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    out[i] = pick[i] < 0 ? 0 : v[pick[i]][i];
                }
                return new IntVector(type, n, out, validity);
            }
            case INT64 -> {
                long[][] v = new long[sources.length][];
                for (int s = 0; s < sources.length; s++) {
                    v[s] = sources[s] == null ? null : ((LongVector) sources[s]).values();
                }
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = pick[i] < 0 ? 0 : v[pick[i]][i];
                }
                return new LongVector(type, n, out, validity);
            }
            case FLOAT32 -> {
                float[] out = new float[n];
                for (int i = 0; i < n; i++) {
                    out[i] = pick[i] < 0 ? 0 : ((FloatVector) sources[pick[i]]).getFloat(i);
                }
                return new FloatVector(type, n, out, validity);
            }
            case FLOAT64 -> {
                double[][] v = new double[sources.length][];
                for (int s = 0; s < sources.length; s++) {
                    v[s] = sources[s] == null ? null : ((DoubleVector) sources[s]).values();
                }
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    out[i] = pick[i] < 0 ? 0 : v[pick[i]][i];
                }
                return new DoubleVector(type, n, out, validity);
            }
            case INT128 -> {
                long[] hi = new long[n];
                long[] lo = new long[n];
                for (int i = 0; i < n; i++) {
                    if (pick[i] >= 0) {
                        Int128Vector s = (Int128Vector) sources[pick[i]];
                        hi[i] = s.getHigh(i);
                        lo[i] = s.getLow(i);
                    }
                }
                return new Int128Vector(type, n, hi, lo, validity);
            }
            case BYTES -> {
                BytesVectorBuilder out = (BytesVectorBuilder) VectorBuilder.create(type, n);
                for (int i = 0; i < n; i++) {
                    if (pick[i] < 0) {
                        out.appendNull();
                    } else {
                        BytesVector s = (BytesVector) sources[pick[i]];
                        out.appendBytes(s.data(), s.offset(i), s.length(i));
                    }
                }
                return out.build();
            }
            default -> throw new IllegalStateException(type.toString());
        }
    }
}
