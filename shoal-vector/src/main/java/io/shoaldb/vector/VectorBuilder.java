package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.util.Arrays;

/**
 * An appendable, growable flat vector for loaders and page decoders. Each subclass adds the typed
 * append for its physical type; the validity bitmap is only allocated when the first null arrives.
 * {@link #build()} hands the arrays to an immutable vector; {@link #reset()} starts a fresh one.
 */
public abstract sealed class VectorBuilder
        permits IntVectorBuilder, LongVectorBuilder, FloatVectorBuilder, DoubleVectorBuilder,
        Int128VectorBuilder, BytesVectorBuilder {
    protected static final int DEFAULT_CAPACITY = 1024;

    protected final DataType type;
    protected int size;
    protected long[] validity;
    /**
     * The capacity the arrays get at the first append after {@link #build()}: build hands its arrays to the vector
     * and leaves empty ones, so a builder used for one batch (an INSERT's) allocates no arrays it never fills.
     */
    protected int restartCapacity = 16;

    protected VectorBuilder(DataType type) {
        this.type = type;
    }

    /** A builder for {@code type}'s physical representation. */
    public static VectorBuilder create(DataType type, int expectedRows) {
        int capacity = Math.max(expectedRows, 16);
        return switch (PhysicalType.of(type)) {
            case INT32 -> new IntVectorBuilder(type, capacity);
            case INT64 -> new LongVectorBuilder(type, capacity);
            case FLOAT32 -> new FloatVectorBuilder(type, capacity);
            case FLOAT64 -> new DoubleVectorBuilder(type, capacity);
            case INT128 -> new Int128VectorBuilder(type, capacity);
            case BYTES -> new BytesVectorBuilder(type, capacity);
        };
    }

    public final DataType type() {
        return type;
    }

    public final int size() {
        return size;
    }

    public final void appendNull() {
        int position = size;
        appendZero();
        if (validity == null) {
            validity = Validity.allValid(position, capacity());
        } else if (validity.length < Validity.wordsFor(capacity())) {
            validity = Arrays.copyOf(validity, Validity.wordsFor(capacity()));
        }
        Validity.setNull(validity, position);
    }

    /** Appends a Java object as documented on {@link io.shoaldb.vector.type.TypeId}; null appends a null. */
    public final void appendObject(Object value) {
        if (value == null) {
            appendNull();
        } else {
            appendNonNullObject(value);
        }
    }

    /** Appends rows {@code [from, from+length)} of a flat vector of the same physical type. */
    public final void appendRange(FlatVector source, int from, int length) {
        int start = size;
        appendValues(source, from, length);
        if (source.mayHaveNulls() || validity != null) {
            for (int i = 0; i < length; i++) {
                boolean isNull = source.isNull(from + i);
                if (isNull || validity != null) {
                    ensureValidity(start + i); // rows before the first null of this range are valid
                    if (isNull) {
                        Validity.setNull(validity, start + i);
                    } else {
                        Validity.setValid(validity, start + i);
                    }
                }
            }
        }
    }

    private void ensureValidity(int validRows) {
        if (validity == null) {
            validity = Validity.allValid(validRows, capacity());
        } else if (validity.length < Validity.wordsFor(capacity())) {
            validity = Arrays.copyOf(validity, Validity.wordsFor(capacity()));
        }
    }

    /** Marks the row just appended by a typed append as valid (only needed once a bitmap exists). */
    protected final void markLastValid() {
        if (validity != null) {
            ensureValidity(0);
            Validity.setValid(validity, size - 1);
        }
    }

    /**
     * Drops the rows from {@code rows} on, keeping the ones before: for values appended ahead of a decision, such
     * as a load's rows converted column by column until a value failed. Every builder's state past {@code size}
     * is rewritten by the next append.
     */
    public final void truncate(int rows) {
        if (rows < 0 || rows > size) {
            throw new IllegalArgumentException("cannot truncate " + size + " rows to " + rows);
        }
        size = rows;
    }

    /** The immutable vector of everything appended so far; the builder must be reset before reuse. */
    public abstract FlatVector build();

    /**
     * A vector of everything appended so far over the builder's own arrays, without copying or allocating: valid
     * only until the builder next changes, so only for a reader done with it before then (a segment's page,
     * encoded at once). {@link #reset()} then reuses the arrays, at the size they reached.
     */
    public abstract FlatVector view();

    /** Forgets all rows, keeping allocated capacity where the built vector does not share it. */
    public abstract void reset();

    /** Heap bytes of the value arrays, for page-size targets and memory budgets. */
    public abstract long retainedBytes();

    /** Bytes the appended values would take uncompressed (not the capacity). */
    public abstract long dataBytes();

    protected abstract int capacity();

    protected abstract void appendZero();

    protected abstract void appendNonNullObject(Object value);

    protected abstract void appendValues(FlatVector source, int from, int length);

    /** The new length of an array of {@code length} that must hold {@code needed} values. */
    protected final int grownLength(int length, int needed) {
        return Math.max(needed, length == 0 ? restartCapacity : length * 2);
    }

    protected final long[] takeValidity() {
        long[] v = validity;
        validity = null;
        return v;
    }
}
