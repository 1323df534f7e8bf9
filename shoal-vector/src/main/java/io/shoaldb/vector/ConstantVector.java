package io.shoaldb.vector;

/** One value (a flat vector of size 1, possibly null) repeated {@code size} times. */
public final class ConstantVector extends ColumnVector {
    private final FlatVector value;

    public ConstantVector(FlatVector value, int size) {
        super(value.type(), size);
        if (value.size() != 1) {
            throw new IllegalArgumentException("a constant holds exactly one value, got " + value.size());
        }
        this.value = value;
    }

    /** The single value as a one-row flat vector. */
    public FlatVector value() {
        return value;
    }

    @Override
    public VectorEncoding encoding() {
        return VectorEncoding.CONSTANT;
    }

    @Override
    public boolean isNull(int position) {
        return value.isNull(0);
    }

    @Override
    public boolean mayHaveNulls() {
        return value.mayHaveNulls();
    }

    @Override
    public long retainedBytes() {
        return 24L + value.retainedBytes();
    }

    @Override
    public Object getObject(int position) {
        return value.getObject(0);
    }

    @Override
    public FlatVector copyPositions(int[] positions, int offset, int length) {
        return value.copyPositions(new int[length], 0, length);
    }
}
