package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** Appendable int[] values for {@link IntVector}. */
public final class IntVectorBuilder extends VectorBuilder {
    private static final int[] NONE = {};

    private int[] values;

    IntVectorBuilder(DataType type, int capacity) {
        super(type);
        this.values = new int[capacity];
    }

    public void appendInt(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + 1));
        }
        values[size++] = value;
        markLastValid();
    }

    @Override
    protected void appendZero() {
        appendInt((int) 0);
    }

    @Override
    protected void appendValues(FlatVector source, int from, int length) {
        int[] src = ((IntVector) source).values();
        if (size + length > values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + length));
        }
        System.arraycopy(src, from, values, size, length);
        size += length;
    }

    @Override
    public IntVector build() {
        IntVector v = new IntVector(type, size, values, takeValidity());
        values = NONE;
        restartCapacity = Math.max(16, size);
        size = 0;
        return v;
    }

    @Override
    public IntVector view() {
        return new IntVector(type, size, values, validity);
    }

    @Override
    public void reset() {
        size = 0;
        validity = null;
    }

    @Override
    public long retainedBytes() {
        return 16L + 4L * values.length + Validity.retainedBytes(validity);
    }

    @Override
    public long dataBytes() {
        return 4L * size;
    }

    @Override
    protected int capacity() {
        return values.length;
    }

    @Override
    protected void appendNonNullObject(Object value) {
        appendInt(JavaValues.toInt(type, value));
    }
}
