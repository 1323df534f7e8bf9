package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/** double[]-backed values: DOUBLE. Null slots hold 0. */
public final class DoubleVector extends FlatVector {
    private final double[] values;

    public DoubleVector(DataType type, int size, double[] values, long[] validity) {
        super(type, size, validity);
        if (PhysicalType.of(type) != PhysicalType.FLOAT64 || values.length < size) {
            throw new IllegalArgumentException("DoubleVector cannot hold " + type + " x" + size);
        }
        this.values = values;
    }

    public double getDouble(int position) {
        return values[position];
    }

    public double[] values() {
        return values;
    }

    @Override
    public long retainedBytes() {
        return 32L + 16L + 8L * values.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : values[position];
    }

    @Override
    public DoubleVector copyPositions(int[] positions, int offset, int length) {
        double[] out = new double[length];
        for (int i = 0; i < length; i++) {
            out[i] = values[positions[offset + i]];
        }
        return new DoubleVector(type(), length, out, gatherValidity(positions, offset, length));
    }
}
