package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/** float[]-backed values: FLOAT. Null slots hold 0. */
public final class FloatVector extends FlatVector {
    private final float[] values;

    public FloatVector(DataType type, int size, float[] values, long[] validity) {
        super(type, size, validity);
        if (PhysicalType.of(type) != PhysicalType.FLOAT32 || values.length < size) {
            throw new IllegalArgumentException("FloatVector cannot hold " + type + " x" + size);
        }
        this.values = values;
    }

    public float getFloat(int position) {
        return values[position];
    }

    public float[] values() {
        return values;
    }

    @Override
    public long retainedBytes() {
        return 32L + 16L + 4L * values.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : values[position];
    }

    @Override
    public FloatVector copyPositions(int[] positions, int offset, int length) {
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            out[i] = values[positions[offset + i]];
        }
        return new FloatVector(type(), length, out, gatherValidity(positions, offset, length));
    }
}
