package io.shoaldb.exec.aggregate;

import io.shoaldb.vector.ByteHash;
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
 * The distinct values of one group-key column, one slot per group, in the column's physical form. It
 * hashes a whole input column at once (mixing into the running row hashes), compares one input row with
 * one group's key, and appends a new group's key. NULL is a key value of its own (SQL GROUP BY semantics).
 */
abstract sealed class KeyColumn {
    protected boolean[] nulls = new boolean[64];
    protected int size;

    static KeyColumn create(DataType type) {
        return switch (io.shoaldb.vector.PhysicalType.of(type)) {
            case INT32 -> new Ints(type);
            case INT64 -> new Longs(type);
            case FLOAT32, FLOAT64 -> new Doubles(type);
            case INT128 -> new Int128s(type);
            case BYTES -> new Strings(type);
        };
    }

    /** {@code hashes[i] = hashes[i] * 31 + hash(row rows[i])} for {@code i < count}. */
    abstract void hash(FlatVector v, int[] rows, int count, long[] hashes);

    abstract boolean equals(int group, FlatVector v, int row);

    final void append(FlatVector v, int row) {
        if (size == nulls.length) {
            nulls = Arrays.copyOf(nulls, size * 2);
            grow(size * 2);
        }
        nulls[size] = v.isNull(row);
        appendValue(v, row, size);
        size++;
    }

    protected abstract void grow(int capacity);

    /** Drops every group's key but keeps the arrays, to be overwritten by the next groups' keys. */
    final void clear() {
        size = 0;
    }

    protected abstract void appendValue(FlatVector v, int row, int slot);

    /** Bytes held beyond a fixed slot per group: the text of string keys; 0 for fixed-width keys. */
    long dataBytes() {
        return 0;
    }

    /** Writes group keys {@code [from, from+count)} to a builder of the key's type. */
    abstract void write(int from, int count, VectorBuilder out);

    static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    private static final long NULL_HASH = 0x6E756C6CL;

    static final class Ints extends KeyColumn {
        private final DataType type;
        private int[] values = new int[64];

        Ints(DataType type) {
            this.type = type;
        }

        @Override
        void hash(FlatVector v, int[] rows, int count, long[] hashes) {
            int[] a = ((IntVector) v).values();
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                hashes[i] = hashes[i] * 31 + (v.isNull(r) ? NULL_HASH : mix(a[r]));
            }
        }

        @Override
        boolean equals(int group, FlatVector v, int row) {
            return v.isNull(row) ? nulls[group] : !nulls[group] && values[group] == ((IntVector) v).getInt(row);
        }

        @Override
        protected void grow(int capacity) {
            values = Arrays.copyOf(values, capacity);
        }

        @Override
        protected void appendValue(FlatVector v, int row, int slot) {
            values[slot] = ((IntVector) v).getInt(row);
        }

        @Override
        void write(int from, int count, VectorBuilder out) {
            io.shoaldb.vector.IntVectorBuilder b = (io.shoaldb.vector.IntVectorBuilder) out;
            for (int g = from; g < from + count; g++) {
                if (nulls[g]) {
                    b.appendNull();
                } else {
                    b.appendInt(values[g]);
                }
            }
        }
    }

    static final class Longs extends KeyColumn {
        private final DataType type;
        private long[] values = new long[64];

        Longs(DataType type) {
            this.type = type;
        }

        @Override
        void hash(FlatVector v, int[] rows, int count, long[] hashes) {
            long[] a = ((LongVector) v).values();
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                hashes[i] = hashes[i] * 31 + (v.isNull(r) ? NULL_HASH : mix(a[r]));
            }
        }

        @Override
        boolean equals(int group, FlatVector v, int row) {
            return v.isNull(row) ? nulls[group] : !nulls[group] && values[group] == ((LongVector) v).getLong(row);
        }

        @Override
        protected void grow(int capacity) {
            values = Arrays.copyOf(values, capacity);
        }

        @Override
        protected void appendValue(FlatVector v, int row, int slot) {
            values[slot] = ((LongVector) v).getLong(row);
        }

        @Override
        void write(int from, int count, VectorBuilder out) {
            io.shoaldb.vector.LongVectorBuilder b = (io.shoaldb.vector.LongVectorBuilder) out;
            for (int g = from; g < from + count; g++) {
                if (nulls[g]) {
                    b.appendNull();
                } else {
                    b.appendLong(values[g]);
                }
            }
        }
    }

    /** FLOAT and DOUBLE keys, both held as double; -0.0 and 0.0 are one group. */
    static final class Doubles extends KeyColumn {
        private final DataType type;
        private double[] values = new double[64];

        Doubles(DataType type) {
            this.type = type;
        }

        private static double get(FlatVector v, int r) {
            return v instanceof DoubleVector d ? d.getDouble(r) : ((FloatVector) v).getFloat(r);
        }

        @Override
        void hash(FlatVector v, int[] rows, int count, long[] hashes) {
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                double d = get(v, r) + 0.0;
                hashes[i] = hashes[i] * 31 + (v.isNull(r) ? NULL_HASH : mix(Double.doubleToLongBits(d)));
            }
        }

        @Override
        boolean equals(int group, FlatVector v, int row) {
            return v.isNull(row) ? nulls[group] : !nulls[group] && values[group] == get(v, row);
        }

        @Override
        protected void grow(int capacity) {
            values = Arrays.copyOf(values, capacity);
        }

        @Override
        protected void appendValue(FlatVector v, int row, int slot) {
            values[slot] = get(v, row) + 0.0;
        }

        @Override
        void write(int from, int count, VectorBuilder out) {
            for (int g = from; g < from + count; g++) {
                if (nulls[g]) {
                    out.appendNull();
                } else if (out instanceof io.shoaldb.vector.DoubleVectorBuilder b) {
                    b.appendDouble(values[g]);
                } else {
                    ((io.shoaldb.vector.FloatVectorBuilder) out).appendFloat((float) values[g]);
                }
            }
        }
    }

    static final class Int128s extends KeyColumn {
        private final DataType type;
        private long[] high = new long[64];
        private long[] low = new long[64];

        Int128s(DataType type) {
            this.type = type;
        }

        @Override
        void hash(FlatVector v, int[] rows, int count, long[] hashes) {
            Int128Vector x = (Int128Vector) v;
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                hashes[i] = hashes[i] * 31 + (v.isNull(r) ? NULL_HASH : mix(x.getHigh(r) ^ mix(x.getLow(r))));
            }
        }

        @Override
        boolean equals(int group, FlatVector v, int row) {
            Int128Vector x = (Int128Vector) v;
            return v.isNull(row) ? nulls[group]
                    : !nulls[group] && high[group] == x.getHigh(row) && low[group] == x.getLow(row);
        }

        @Override
        protected void grow(int capacity) {
            high = Arrays.copyOf(high, capacity);
            low = Arrays.copyOf(low, capacity);
        }

        @Override
        protected void appendValue(FlatVector v, int row, int slot) {
            Int128Vector x = (Int128Vector) v;
            high[slot] = x.getHigh(row);
            low[slot] = x.getLow(row);
        }

        @Override
        void write(int from, int count, VectorBuilder out) {
            io.shoaldb.vector.Int128VectorBuilder b = (io.shoaldb.vector.Int128VectorBuilder) out;
            for (int g = from; g < from + count; g++) {
                if (nulls[g]) {
                    b.appendNull();
                } else {
                    b.appendInt128(high[g], low[g]);
                }
            }
        }
    }

    /** Text keys: all bytes in one growing array with offsets, no object per group. */
    static final class Strings extends KeyColumn {
        /** Keys up to this many bytes (flags, codes) are compared byte by byte in place; longer ones by the library. */
        private static final int SHORT_KEY = 4;
        private final DataType type;
        private byte[] data = new byte[1024];
        private int[] offsets = new int[65];

        Strings(DataType type) {
            this.type = type;
        }

        @Override
        void hash(FlatVector v, int[] rows, int count, long[] hashes) {
            BytesVector x = (BytesVector) v;
            byte[] d = x.data();
            int[] at = x.offsets();
            boolean mayHaveNulls = v.mayHaveNulls();
            for (int i = 0; i < count; i++) {
                int r = rows[i];
                long h = mayHaveNulls && v.isNull(r) ? NULL_HASH : ByteHash.hash(d, at[r], at[r + 1]);
                hashes[i] = hashes[i] * 31 + h;
            }
        }

        @Override
        boolean equals(int group, FlatVector v, int row) {
            if (v.isNull(row)) {
                return nulls[group];
            }
            if (nulls[group]) {
                return false;
            }
            BytesVector x = (BytesVector) v;
            int from = offsets[group];
            int length = offsets[group + 1] - from;
            int[] at = x.offsets();
            int start = at[row];
            if (at[row + 1] - start != length) {
                return false;
            }
            byte[] other = x.data();
            if (length > SHORT_KEY) {
                return Arrays.equals(data, from, from + length, other, start, start + length);
            }
            for (int i = 0; i < length; i++) {
                if (data[from + i] != other[start + i]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        protected void grow(int capacity) {
            offsets = Arrays.copyOf(offsets, capacity + 1);
        }

        @Override
        long dataBytes() {
            return data.length + 4L * offsets.length;
        }

        @Override
        protected void appendValue(FlatVector v, int row, int slot) {
            BytesVector x = (BytesVector) v;
            int len = x.length(row);
            int at = offsets[slot];
            if (at + len > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, at + len));
            }
            System.arraycopy(x.data(), x.offset(row), data, at, len);
            offsets[slot + 1] = at + len;
        }

        @Override
        void write(int from, int count, VectorBuilder out) {
            io.shoaldb.vector.BytesVectorBuilder b = (io.shoaldb.vector.BytesVectorBuilder) out;
            for (int g = from; g < from + count; g++) {
                if (nulls[g]) {
                    b.appendNull();
                } else {
                    b.appendBytes(data, offsets[g], offsets[g + 1] - offsets[g]);
                }
            }
        }
    }
}
