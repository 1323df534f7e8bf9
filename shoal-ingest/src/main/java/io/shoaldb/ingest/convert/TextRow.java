package io.shoaldb.ingest.convert;

import java.util.Arrays;

/**
 * One input row as UTF-8 text fields, filled by a decoder and consumed by {@link RowBatchAssembler}. Each
 * field references a buffer range (the decoder's read buffer, or a scratch buffer for unescaped text), so
 * nothing is copied per field. A length of {@link #NULL} is SQL NULL ({@code \N}, JSON null);
 * {@link #ABSENT} is a field the input did not have at all (a missing JSON key).
 */
public final class TextRow {
    public static final int NULL = -1;
    public static final int ABSENT = -2;

    private byte[][] buffers;
    private int[] offsets;
    private int[] lengths;
    private int count;
    // the raw source line, for the error log
    private byte[] line;
    private int lineOffset;
    private int lineLength;

    public TextRow(int expectedFields) {
        int n = Math.max(expectedFields, 4);
        buffers = new byte[n][];
        offsets = new int[n];
        lengths = new int[n];
    }

    /** Forgets the fields of the previous row. */
    public void clear() {
        count = 0;
    }

    /** Sets {@code count} fields, all {@link #ABSENT}; decoders that fill by position (JSON) start here. */
    public void resetAbsent(int fields) {
        ensure(fields);
        Arrays.fill(lengths, 0, fields, ABSENT);
        count = fields;
    }

    public void add(byte[] buf, int off, int len) {
        ensure(count + 1);
        buffers[count] = buf;
        offsets[count] = off;
        lengths[count++] = len;
    }

    public void addNull() {
        add(null, 0, NULL);
    }

    /** Overwrites field {@code index} (which must be below {@link #fieldCount()}). */
    public void set(int index, byte[] buf, int off, int len) {
        buffers[index] = buf;
        offsets[index] = off;
        lengths[index] = len;
    }

    private void ensure(int n) {
        if (n > lengths.length) {
            int size = Math.max(n, lengths.length * 2);
            buffers = Arrays.copyOf(buffers, size);
            offsets = Arrays.copyOf(offsets, size);
            lengths = Arrays.copyOf(lengths, size);
        }
    }

    public void setLine(byte[] buf, int off, int len) {
        line = buf;
        lineOffset = off;
        lineLength = len;
    }

    public int fieldCount() {
        return count;
    }

    public byte[] buffer(int field) {
        return buffers[field];
    }

    public int offset(int field) {
        return offsets[field];
    }

    public int length(int field) {
        return lengths[field];
    }

    byte[] lineBuffer() {
        return line;
    }

    int lineOffset() {
        return lineOffset;
    }

    int lineLength() {
        return lineLength;
    }
}
