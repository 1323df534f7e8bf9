package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/** long[]-backed values: BIGINT, DATETIME (micros), DECIMAL precision <= 18 (unscaled). Null slots hold 0. */
public final class LongVector extends FlatVector {
    private final long[] values;

    public LongVector(DataType type, int size, long[] values, long[] validity) {
        super(type, size, validity);
        if (PhysicalType.of(type) != PhysicalType.INT64 || values.length < size) {
            throw new IllegalArgumentException("LongVector cannot hold " + type + " x" + size);
        }
        this.values = values;
    }

    public long getLong(int position) {
        return values[position];
    }

    /** The backing array (may be longer than {@link #size()}); do not modify. */
    public long[] values() {
        return values;
    }

    @Override
    public long retainedBytes() {
        return 32L + 16L + 8L * values.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : JavaValues.fromLong(type(), values[position]);
    }

    @Override
    public LongVector copyPositions(int[] positions, int offset, int length) {
        long[] out = new long[length];
        for (int i = 0; i < length; i++) {
            out[i] = values[positions[offset + i]];
        }
        return new LongVector(type(), length, out, gatherValidity(positions, offset, length));
    }
}
