package io.shoaldb.ingest.convert;

/**
 * Consecutive input rows whose text fields all lie in one buffer (a decoder's read buffer), kept field by field
 * so that {@link RowBatchAssembler#appendRows} converts them column by column: one loop per column over all the
 * rows, in which every value goes through the same converter. Lengths are as in {@link TextRow} ({@link
 * TextRow#NULL} for SQL NULL). Valid until the decoder moves or refills its buffer; the decoder hands the rows
 * over before it does.
 */
public final class TextRows {
    private final int fields;
    private final boolean utf8;
    private final int capacity;
    private final int[] offsets;   // field-major: [field * capacity + row]
    private final int[] lengths;
    private final int[] lineStarts;
    private final int[] lineLengths;
    private byte[] buffer;
    private int count;
    private long textBytes;

    /**
     * Room for {@code capacity} rows of {@code fields} fields each; {@code utf8} when the decoder checks that every
     * field it adds is valid UTF-8 (so string columns need not check again).
     */
    public TextRows(int fields, int capacity, boolean utf8) {
        this.fields = fields;
        this.utf8 = utf8;
        this.capacity = capacity;
        offsets = new int[fields * capacity];
        lengths = new int[fields * capacity];
        lineStarts = new int[capacity];
        lineLengths = new int[capacity];
    }

    /** Forgets the rows; the next ones lie in {@code buffer}. */
    public void reset(byte[] buffer) {
        this.buffer = buffer;
        count = 0;
        textBytes = 0;
    }

    public boolean isFull() {
        return count == capacity;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** Starts a row whose source line is {@code [lineStart, lineStart + lineLength)}; returns its number. */
    public int addRow(int lineStart, int lineLength) {
        lineStarts[count] = lineStart;
        lineLengths[count] = lineLength;
        return count++;
    }

    /** Sets field {@code field} of row {@code row}: {@code length} bytes at {@code offset}, or NULL. */
    public void setField(int row, int field, int offset, int length) {
        int at = field * capacity + row;
        offsets[at] = offset;
        lengths[at] = length;
        textBytes += Math.max(length, 0);
    }

    /** Whether every field is known to be valid UTF-8. */
    public boolean isUtf8() {
        return utf8;
    }

    public int count() {
        return count;
    }

    public int fieldCount() {
        return fields;
    }

    public byte[] buffer() {
        return buffer;
    }

    public int offset(int field, int row) {
        return offsets[field * capacity + row];
    }

    public int length(int field, int row) {
        return lengths[field * capacity + row];
    }

    /** The bytes of all fields' text (NULLs count none). */
    long textBytes() {
        return textBytes;
    }

    /** Row {@code row} as a {@link TextRow} (for the row-by-row path). */
    TextRow row(int row, TextRow into) {
        into.clear();
        into.setLine(buffer, lineStarts[row], lineLengths[row]);
        for (int f = 0; f < fields; f++) {
            int at = f * capacity + row;
            if (lengths[at] < 0) {
                into.addNull();
            } else {
                into.add(buffer, offsets[at], lengths[at]);
            }
        }
        return into;
    }
}
