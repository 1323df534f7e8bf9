package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/** int[]-backed values: BOOLEAN, TINYINT, SMALLINT, INT, DATE. Null slots hold 0. */
public final class IntVector extends FlatVector {
    private final int[] values;

    public IntVector(DataType type, int size, int[] values, long[] validity) {
        super(type, size, validity);
        if (PhysicalType.of(type) != PhysicalType.INT32 || values.length < size) {
            throw new IllegalArgumentException("IntVector cannot hold " + type + " x" + size);
        }
        this.values = values;
    }

    public int getInt(int position) {
        return values[position];
    }

    /** The backing array (may be longer than {@link #size()}); do not modify. */
    public int[] values() {
        return values;
    }

    @Override
    public long retainedBytes() {
        return 32L + 16L + 4L * values.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : JavaValues.fromInt(type(), values[position]);
    }

    @Override
    public IntVector copyPositions(int[] positions, int offset, int length) {
        int[] out = new int[length];
        for (int i = 0; i < length; i++) {
            out[i] = values[positions[offset + i]];
        }
        return new IntVector(type(), length, out, gatherValidity(positions, offset, length));
    }
}
