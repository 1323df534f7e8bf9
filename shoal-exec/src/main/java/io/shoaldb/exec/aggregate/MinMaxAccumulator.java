package io.shoaldb.exec.aggregate;

import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/**
 * MIN or MAX of any type. The running extreme of each group is kept in the input's representation: longs
 * for INT32/INT64 slots, doubles for FLOAT/DOUBLE, high/low words for 128-bit, byte arrays for text
 * (compared as unsigned bytes, i.e. code point order).
 */
abstract sealed class MinMaxAccumulator extends Accumulator {
    protected final DataType type;
    protected final boolean max;
    protected boolean[] seen = new boolean[16];

    MinMaxAccumulator(DataType type, boolean max) {
        this.type = type;
        this.max = max;
    }

    static MinMaxAccumulator create(DataType type, boolean max) {
        return switch (io.shoaldb.vector.PhysicalType.of(type)) {
            case INT32, INT64 -> new Longs(type, max);
            case FLOAT32, FLOAT64 -> new Doubles(type, max);
            case INT128 -> new Int128s(type, max);
            case BYTES -> new Strings(type, max);
        };
    }

    @Override
    DataType outputType() {
        return type;
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > seen.length) {
            int n = grow(seen.length, groups);
            seen = Arrays.copyOf(seen, n);
            resize(n);
        }
    }

    abstract void resize(int n);

    /** True when {@code c} (candidate compared with current) should replace the current value. */
    protected final boolean better(int c) {
        return max ? c > 0 : c < 0;
    }

    @Override
    void write(int group, VectorBuilder out) {
        out.appendObject(value(group));
    }

    static final class Longs extends MinMaxAccumulator {
        private long[] values = new long[16];

        Longs(DataType type, boolean max) {
            super(type, max);
        }

        @Override
        void resize(int n) {
            values = Arrays.copyOf(values, n);
        }

        @Override
        void add(FlatVector input, int[] rows, int count, int[] groupIds) {
            boolean nulls = input.mayHaveNulls();
            if (input instanceof IntVector v) {
                int[] a = v.values();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        accept(groupIds == null ? 0 : groupIds[i], a[r]);
                    }
                }
            } else {
                LongVector v = (LongVector) input;
                long[] a = v.values();
                for (int i = 0; i < count; i++) {
                    int r = rows[i];
                    if (!nulls || !v.isNull(r)) {
                        accept(groupIds == null ? 0 : groupIds[i], a[r]);
                    }
                }
            }
        }

        private void accept(int g, long v) {
            if (!seen[g] || (max ? v > values[g] : v < values[g])) {
                values[g] = v;
                seen[g] = true;
            }
        }

        @Override
        Object value(int group) {
            if (!seen[group]) {
                return null;
            }
            return io.shoaldb.vector.PhysicalType.of(type) == io.shoaldb.vector.PhysicalType.INT32
                    ? io.shoaldb.vector.JavaValues.fromInt(type, (int) values[group])
                    : io.shoaldb.vector.JavaValues.fromLong(type, values[group]);
        }
    }

    static final class Doubles extends MinMaxAccumulator {
        private double[] values = new double[16];

        Doubles(DataType type, boolean max) {
            super(type, max);
        }

        @Override
        void resize(int n) {
            values = Arrays.copyOf(values, n);
        }

        @Override
        void add(FlatVector input, int[] rows, int count, int[] groupIds) {
            boolean nulls = input.mayHaveNulls();
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                if (!nulls || !input.isNull(r)) {
                    double v = input instanceof DoubleVector d ? d.getDouble(r) : ((FloatVector) input).getFloat(r);
                    int g = groupIds == null ? 0 : groupIds[i];
                    if (!seen[g] || (max ? v > values[g] : v < values[g])) {
                        values[g] = v;
                        seen[g] = true;
                    }
                }
            }
        }

        @Override
        Object value(int group) {
            if (!seen[group]) {
                return null;
            }
            return type.id() == io.shoaldb.vector.type.TypeId.FLOAT ? (Object) (float) values[group] : values[group];
        }
    }

    static final class Int128s extends MinMaxAccumulator {
        private long[] high = new long[16];
        private long[] low = new long[16];

        Int128s(DataType type, boolean max) {
            super(type, max);
        }

        @Override
        void resize(int n) {
            high = Arrays.copyOf(high, n);
            low = Arrays.copyOf(low, n);
        }

        @Override
        void add(FlatVector input, int[] rows, int count, int[] groupIds) {
            Int128Vector v = (Int128Vector) input;
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                if (!v.isNull(r)) {
                    int g = groupIds == null ? 0 : groupIds[i];
                    int c = Long.compare(v.getHigh(r), high[g]);
                    c = c != 0 ? c : Long.compareUnsigned(v.getLow(r), low[g]);
                    if (!seen[g] || better(c)) {
                        high[g] = v.getHigh(r);
                        low[g] = v.getLow(r);
                        seen[g] = true;
                    }
                }
            }
        }

        @Override
        Object value(int group) {
            return seen[group] ? io.shoaldb.vector.JavaValues.fromInt128(type, high[group], low[group]) : null;
        }
    }

    static final class Strings extends MinMaxAccumulator {
        private byte[][] values = new byte[16][];
        /** Bytes of the strings in {@code values}, for {@link #dataBytes()}. */
        private long bytes;

        Strings(DataType type, boolean max) {
            super(type, max);
        }

        @Override
        void resize(int n) {
            values = Arrays.copyOf(values, n);
        }

        @Override
        void add(FlatVector input, int[] rows, int count, int[] groupIds) {
            BytesVector v = (BytesVector) input;
            byte[] data = v.data();
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                if (!v.isNull(r)) {
                    int g = groupIds == null ? 0 : groupIds[i];
                    int from = v.offset(r);
                    int to = from + v.length(r);
                    if (!seen[g] || better(Arrays.compareUnsigned(data, from, to, values[g], 0, values[g].length))) {
                        bytes += (to - from) - (seen[g] ? values[g].length : 0);
                        values[g] = Arrays.copyOfRange(data, from, to);
                        seen[g] = true;
                    }
                }
            }
        }

        @Override
        long dataBytes() {
            return bytes + 16L * values.length;
        }

        @Override
        void write(int group, VectorBuilder out) {
            if (seen[group]) {
                ((io.shoaldb.vector.BytesVectorBuilder) out).appendBytes(values[group], 0, values[group].length);
            } else {
                out.appendNull();
            }
        }

        @Override
        Object value(int group) {
            return seen[group] ? new String(values[group], java.nio.charset.StandardCharsets.UTF_8) : null;
        }
    }
}
