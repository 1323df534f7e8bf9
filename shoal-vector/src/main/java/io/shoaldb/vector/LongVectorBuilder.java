package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** Appendable long[] values for {@link LongVector}. */
public final class LongVectorBuilder extends VectorBuilder {
    private static final long[] NONE = {};

    private long[] values;

    LongVectorBuilder(DataType type, int capacity) {
        super(type);
        this.values = new long[capacity];
    }

    public void appendLong(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + 1));
        }
        values[size++] = value;
        markLastValid();
    }

    @Override
    protected void appendZero() {
        appendLong((long) 0);
    }

    @Override
    protected void appendValues(FlatVector source, int from, int length) {
        long[] src = ((LongVector) source).values();
        if (size + length > values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + length));
        }
        System.arraycopy(src, from, values, size, length);
        size += length;
    }

    @Override
    public LongVector build() {
        LongVector v = new LongVector(type, size, values, takeValidity());
        values = NONE;
        restartCapacity = Math.max(16, size);
        size = 0;
        return v;
    }

    @Override
    public LongVector view() {
        return new LongVector(type, size, values, validity);
    }

    @Override
    public void reset() {
        size = 0;
        validity = null;
    }

    @Override
    public long retainedBytes() {
        return 16L + 8L * values.length + Validity.retainedBytes(validity);
    }

    @Override
    public long dataBytes() {
        return 8L * size;
    }

    @Override
    protected int capacity() {
        return values.length;
    }

    @Override
    protected void appendNonNullObject(Object value) {
        appendLong(JavaValues.toLong(type, value));
    }
}
