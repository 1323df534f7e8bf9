package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Variable-width UTF-8 values (CHAR, VARCHAR, STRING, JSON) in one byte[] with {@code size + 1} offsets:
 * row {@code i} is {@code data[offsets[i] .. offsets[i+1])}. No String is created per value.
 * Null rows have zero length.
 */
public final class BytesVector extends FlatVector {
    private final byte[] data;
    private final int[] offsets;

    public BytesVector(DataType type, int size, byte[] data, int[] offsets, long[] validity) {
        super(type, size, validity);
        if (PhysicalType.of(type) != PhysicalType.BYTES || offsets.length < size + 1 || offsets[size] > data.length) {
            throw new IllegalArgumentException("BytesVector cannot hold " + type + " x" + size);
        }
        this.data = data;
        this.offsets = offsets;
    }

    public byte[] data() {
        return data;
    }

    public int[] offsets() {
        return offsets;
    }

    public int offset(int position) {
        return offsets[position];
    }

    public int length(int position) {
        return offsets[position + 1] - offsets[position];
    }

    public byte[] getBytes(int position) {
        return Arrays.copyOfRange(data, offsets[position], offsets[position + 1]);
    }

    /** Unsigned lexicographic comparison (UTF-8 code point order) of two slots of two vectors. */
    public static int compare(BytesVector left, int l, BytesVector right, int r) {
        return Arrays.compareUnsigned(left.data, left.offsets[l], left.offsets[l + 1],
                right.data, right.offsets[r], right.offsets[r + 1]);
    }

    @Override
    public long retainedBytes() {
        return 32L + 16L + data.length + 16L + 4L * offsets.length + Validity.retainedBytes(validity);
    }

    @Override
    public Object getObject(int position) {
        return isNull(position) ? null : new String(data, offsets[position], length(position), StandardCharsets.UTF_8);
    }

    @Override
    public BytesVector copyPositions(int[] positions, int offset, int length) {
        int total = 0;
        for (int i = 0; i < length; i++) {
            total += length(positions[offset + i]);
        }
        byte[] out = new byte[total];
        int[] outOffsets = new int[length + 1];
        int at = 0;
        for (int i = 0; i < length; i++) {
            int p = positions[offset + i];
            int len = length(p);
            System.arraycopy(data, offsets[p], out, at, len);
            at += len;
            outOffsets[i + 1] = at;
        }
        return new BytesVector(type(), length, out, outOffsets, gatherValidity(positions, offset, length));
    }
}
