package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/** Appendable float[] values for {@link FloatVector}. */
public final class FloatVectorBuilder extends VectorBuilder {
    private static final float[] NONE = {};

    private float[] values;

    FloatVectorBuilder(DataType type, int capacity) {
        super(type);
        this.values = new float[capacity];
    }

    public void appendFloat(float value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + 1));
        }
        values[size++] = value;
        markLastValid();
    }

    @Override
    protected void appendZero() {
        appendFloat((float) 0);
    }

    @Override
    protected void appendValues(FlatVector source, int from, int length) {
        float[] src = ((FloatVector) source).values();
        if (size + length > values.length) {
            values = Arrays.copyOf(values, grownLength(values.length, size + length));
        }
        System.arraycopy(src, from, values, size, length);
        size += length;
    }

    @Override
    public FloatVector build() {
        FloatVector v = new FloatVector(type, size, values, takeValidity());
        values = NONE;
        restartCapacity = Math.max(16, size);
        size = 0;
        return v;
    }

    @Override
    public FloatVector view() {
        return new FloatVector(type, size, values, validity);
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
        appendFloat(((Number) value).floatValue());
    }
}
