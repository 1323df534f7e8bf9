package io.shoaldb.vector;

import io.shoaldb.vector.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Appendable UTF-8 values for {@link BytesVector}: bytes are copied into one growing byte[]. */
public final class BytesVectorBuilder extends VectorBuilder {
    private static final byte[] NO_DATA = {};
    /** The offsets of no values: only the start of the first, never written. */
    private static final int[] NO_VALUES = {0};

    private byte[] data;
    private int[] offsets;
    /** The data array's length at the first append after {@link #build()}. */
    private int restartDataBytes;

    BytesVectorBuilder(DataType type, int capacity) {
        super(type);
        data = new byte[capacity * 8];
        offsets = new int[capacity + 1];
    }

    public void appendBytes(byte[] bytes, int offset, int length) {
        int end = offsets[size] + length;
        if (end > data.length) {
            data = Arrays.copyOf(data, grownDataLength(end));
        }
        System.arraycopy(bytes, offset, data, offsets[size], length);
        if (size + 1 == offsets.length) {
            offsets = Arrays.copyOf(offsets, grownLength(offsets.length - 1, size + 1) + 1);
        }
        offsets[++size] = end;
        markLastValid();
    }

    public void appendString(String value) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        appendBytes(b, 0, b.length);
    }

    @Override
    protected void appendZero() {
        appendBytes(data, 0, 0);
    }

    @Override
    protected void appendValues(FlatVector source, int from, int length) {
        BytesVector src = (BytesVector) source;
        int start = src.offset(from);
        int bytes = src.offset(from + length) - start;
        int base = offsets[size];
        if (base + bytes > data.length) {
            data = Arrays.copyOf(data, grownDataLength(base + bytes));
        }
        System.arraycopy(src.data(), start, data, base, bytes);
        if (size + length + 1 > offsets.length) {
            offsets = Arrays.copyOf(offsets, grownLength(offsets.length - 1, size + length) + 1);
        }
        int[] srcOffsets = src.offsets();
        for (int i = 1; i <= length; i++) {
            offsets[size + i] = base + srcOffsets[from + i] - start;
        }
        size += length;
    }

    @Override
    protected void appendNonNullObject(Object value) {
        if (value instanceof byte[] b) {
            appendBytes(b, 0, b.length);
        } else {
            appendString(value.toString());
        }
    }

    @Override
    public BytesVector build() {
        BytesVector v = new BytesVector(type, size, data, offsets, takeValidity());
        restartDataBytes = Math.max(64, offsets[size]);
        restartCapacity = Math.max(16, size);
        data = NO_DATA;
        offsets = NO_VALUES;
        size = 0;
        return v;
    }

    @Override
    public BytesVector view() {
        return new BytesVector(type, size, data, offsets, validity);
    }

    @Override
    public void reset() {
        size = 0;
        offsets[0] = 0;
        validity = null;
    }

    @Override
    public long retainedBytes() {
        return 48L + data.length + 4L * offsets.length + Validity.retainedBytes(validity);
    }

    private int grownDataLength(int needed) {
        return Math.max(needed, data.length == 0 ? restartDataBytes : data.length * 2);
    }

    @Override
    public long dataBytes() {
        return offsets[size] + 4L * size;
    }

    @Override
    protected int capacity() {
        return offsets.length - 1;
    }
}
