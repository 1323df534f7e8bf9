package io.shoaldb.ingest.convert;

import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;

/**
 * CHAR(n), VARCHAR(n) and STRING. Doris counts the schema length in bytes of UTF-8, not characters, so
 * {@code varchar(3)} holds {@code 'abc'} but not {@code '中'x2}. Invalid UTF-8 is a conversion failure. Over-long
 * CHAR/VARCHAR is {@link Failure#TOO_LONG} (filtered) unless truncation is on (non-strict INSERT), which cuts
 * at a character boundary. STRING values are bounded by Doris's 1 MiB soft limit
 * ({@link DataType#MAX_STRING_BYTES}). CHAR is stored without padding, as Doris's vectorized engine does.
 */
final class StringConverter extends ValueConverter {
    private final int maxBytes;
    private final boolean bounded;
    private final boolean truncate;

    StringConverter(DataType type, boolean truncate) {
        super(type);
        this.bounded = type.id() != TypeId.STRING;
        this.maxBytes = bounded ? type.length() : DataType.MAX_STRING_BYTES;
        this.truncate = truncate;
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        return Utf8.isValid(b, off, len) ? parseUtf8(b, off, len, slot) : slot.fail(Failure.INVALID);
    }

    /** {@link #parse} of text already known to be UTF-8: the length rules alone. */
    private boolean parseUtf8(byte[] b, int off, int len, ValueSlot slot) {
        if (len > maxBytes) {
            if (bounded && truncate) {
                slot.setBytes(b, off, Utf8.truncationPoint(b, off, len, maxBytes));
                return true;
            }
            slot.expected = maxBytes;
            return slot.fail(bounded ? Failure.TOO_LONG : Failure.OVER_STRING_LIMIT);
        }
        slot.setBytes(b, off, len);
        return true;
    }

    /** {@link ValueConverter#appendColumn} for strings: this class's parse, typed appends, one loop compiled for it. */
    @Override
    public boolean appendColumn(TextRows rows, int field, boolean nullable, VectorBuilder out) {
        byte[] buf = rows.buffer();
        ValueSlot slot = columnSlot;
        BytesVectorBuilder bytes = (BytesVectorBuilder) out;
        boolean utf8 = rows.isUtf8(); // the decoder validated the records: no second look at every field
        for (int r = 0, n = rows.count(); r < n; r++) {
            int len = rows.length(field, r);
            if (len < 0) {
                if (!nullable) {
                    return false;
                }
                out.appendNull();
            } else if (!(utf8 ? parseUtf8(buf, rows.offset(field, r), len, slot) : parse(buf, rows.offset(field, r), len, slot))) {
                return false;
            } else {
                bytes.appendBytes(slot.bytes, slot.offset, slot.length);
            }
        }
        return true;
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else {
            ((BytesVectorBuilder) out).appendBytes(slot.bytes, slot.offset, slot.length);
        }
    }
}
