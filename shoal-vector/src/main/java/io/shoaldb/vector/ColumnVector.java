package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/**
 * One column of a {@link Batch}. Hot paths test {@link #encoding()} once per vector and then use the
 * typed accessors of the concrete class ({@link IntVector#getInt}, {@link BytesVector#offset}, ...);
 * {@link #getObject} is for result sets and tests only.
 */
public abstract sealed class ColumnVector permits FlatVector, DictionaryVector, ConstantVector {
    private final DataType type;
    private final int size;

    protected ColumnVector(DataType type, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size);
        }
        this.type = type;
        this.size = size;
    }

    public final DataType type() {
        return type;
    }

    public final PhysicalType physicalType() {
        return PhysicalType.of(type);
    }

    /** Number of rows (slots), before any selection vector of the enclosing batch is applied. */
    public final int size() {
        return size;
    }

    public abstract VectorEncoding encoding();

    public abstract boolean isNull(int position);

    /** False guarantees there is no null; true means there may be some. */
    public abstract boolean mayHaveNulls();

    /** Heap bytes held by this vector (arrays and headers), for memory budgets. */
    public abstract long retainedBytes();

    /** The value as the Java object documented on {@link io.shoaldb.vector.type.TypeId}, or null. */
    public abstract Object getObject(int position);

    /** A flat copy of the rows {@code positions[offset .. offset+length)}, in that order. */
    public abstract FlatVector copyPositions(int[] positions, int offset, int length);

    /** This vector as a flat vector (itself when already flat). */
    public FlatVector flatten() {
        int[] all = new int[size];
        for (int i = 0; i < size; i++) {
            all[i] = i;
        }
        return copyPositions(all, 0, size);
    }
}
