package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** Appendable double[] values for {@link DoubleVector}. */
public final class DoubleVectorBuilder extends VectorBuilder {
    private static final double[] NONE = {};

    private double[] values;

    DoubleVectorBuilder(DataType type, int capacity) {
        super(type);
        this.values = new double[capacity];
    }

    public void appendDouble(double value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + 1));
        }
        values[size++] = value;
        markLastValid();
    }

    @Override
    protected void appendZero() {
        appendDouble((double) 0);
    }

    @Override
    protected void appendValues(FlatVector source, int from, int length) {
        double[] src = ((DoubleVector) source).values();
        if (size + length > values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + length));
        }
        System.arraycopy(src, from, values, size, length);
        size += length;
    }

    @Override
    public DoubleVector build() {
        DoubleVector v = new DoubleVector(type, size, values, takeValidity());
        values = NONE;
        restartCapacity = Math.max(16, size);
        size = 0;
        return v;
    }

    @Override
    public DoubleVector view() {
        return new DoubleVector(type, size, values, validity);
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
        appendDouble(((Number) value).doubleValue());
    }
}
