package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;

/**
 * 128-bit two's complement values in two long[] (high word, low word): LARGEINT and DECIMAL with
 * precision 19..38. Two arrays rather than one interleaved so that comparisons on the high word alone
 * (which decide most orderings) stay sequential.
 */
public final class Int128Vector extends FlatVector {
    private final long[] high;
    private final long[] low;

    public Int128Vector(DataType type, int size, long[] high, long[] low, long[] validity) {
        super(type, size, validity);
        if (PhysicalType.of(type) != PhysicalType.INT128 || high.length < size || low.length < size) {
            throw new IllegalArgumentException("Int128Vector cannot hold " + type + " x" + size);
        }
        this.high = high;
        this.low = low;
    }

    public long getHigh(int position) {
        return high[position];
    }

    public long getLow(int position) {
        return low[position];
    }

    public long[] highs() {
        return high;
    }

    public long[] lows() {
        return low;
    }

    /** Signed 128-bit comparison of two slots. */
    public int compare(int left, int right) {
        int c = Long.compare(high[left], high[right]);
        return c != 0 ? c : Long.compareUnsigned(low[left], low[right]);
    }

    @Override
    public long retainedBytes() {
        return 40L + 32L + 16L * high.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : JavaValues.fromInt128(type(), high[position], low[position]);
    }

    @Override
    public Int128Vector copyPositions(int[] positions, int offset, int length) {
        long[] h = new long[length];
        long[] l = new long[length];
        for (int i = 0; i < length; i++) {
            int p = positions[offset + i];
            h[i] = high[p];
            l[i] = low[p];
        }
        return new Int128Vector(type(), length, h, l, gatherValidity(positions, offset, length));
    }
}
