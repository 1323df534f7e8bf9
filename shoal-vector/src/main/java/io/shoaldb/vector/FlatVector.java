package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/** A vector with one slot per row and an optional validity bitmap (null = no nulls). */
public abstract sealed class FlatVector extends ColumnVector
        permits IntVector, LongVector, FloatVector, DoubleVector, Int128Vector, BytesVector {
    protected final long[] validity;

    protected FlatVector(DataType type, int size, long[] validity) {
        super(type, size);
        if (validity != null && validity.length < Validity.wordsFor(size)) {
            throw new IllegalArgumentException("validity bitmap too short for " + size + " rows");
        }
        this.validity = validity;
    }

    @Override
    public final VectorEncoding encoding() {
        return VectorEncoding.FLAT;
    }

    /** The validity words (bit set = not null), or null when the vector has no nulls. */
    public final long[] validity() {
        return validity;
    }

    @Override
    public final boolean isNull(int position) {
        return validity != null && (validity[position >>> 6] & (1L << position)) == 0;
    }

    @Override
    public final boolean mayHaveNulls() {
        return validity != null;
    }

    public final int nullCount() {
        return Validity.nullCount(validity, size());
    }

    @Override
    public final FlatVector flatten() {
        return this;
    }

    /** Validity of a gathered copy, or null when the gathered rows have no nulls. */
    protected final long[] gatherValidity(int[] positions, int offset, int length) {
        if (validity == null) {
            return null;
        }
        long[] out = null;
        for (int i = 0; i < length; i++) {
            if (isNull(positions[offset + i])) {
                if (out == null) {
                    out = Validity.allValid(length, length);
                }
                Validity.setNull(out, i);
            }
        }
        return out;
    }
}
