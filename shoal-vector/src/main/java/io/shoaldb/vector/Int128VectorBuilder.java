package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** Appendable 128-bit values (high, low words) for {@link Int128Vector}. */
public final class Int128VectorBuilder extends VectorBuilder {
    private static final long[] NONE = {};

    private long[] high;
    private long[] low;

    Int128VectorBuilder(DataType type, int capacity) {
        super(type);
        high = new long[capacity];
        low = new long[capacity];
    }

    public void appendInt128(long highWord, long lowWord) {
        if (size == high.length) {
            grow(size + 1);
        }
        high[size] = highWord;
        low[size++] = lowWord;
        markLastValid();
    }

    /** Appends a value that fits a long (sign-extended into the high word). */
    public void appendLong(long value) {
        appendInt128(value >> 63, value);
    }

    private void grow(int min) {
        int n = grownLength(high.length, min);
        high = Arrays.copyOf(high, n);
        low = Arrays.copyOf(low, n);
    }

    @Override
    protected void appendZero() {
        appendInt128(0, 0);
    }

    @Override
    protected void appendValues(FlatVector source, int from, int length) {
        Int128Vector src = (Int128Vector) source;
        if (size + length > high.length) {
            grow(size + length);
        }
        System.arraycopy(src.highs(), from, high, size, length);
        System.arraycopy(src.lows(), from, low, size, length);
        size += length;
    }

    @Override
    protected void appendNonNullObject(Object value) {
        long[] v = JavaValues.toInt128(type, value);
        appendInt128(v[0], v[1]);
    }

    @Override
    public Int128Vector build() {
        Int128Vector v = new Int128Vector(type, size, high, low, takeValidity());
        high = NONE;
        low = NONE;
        restartCapacity = Math.max(16, size);
        size = 0;
        return v;
    }

    @Override
    public Int128Vector view() {
        return new Int128Vector(type, size, high, low, validity);
    }

    @Override
    public void reset() {
        size = 0;
        validity = null;
    }

    @Override
    public long retainedBytes() {
        return 32L + 16L * high.length + Validity.retainedBytes(validity);
    }

    @Override
    public long dataBytes() {
        return 16L * size;
    }

    @Override
    protected int capacity() {
        return high.length;
    }
}
