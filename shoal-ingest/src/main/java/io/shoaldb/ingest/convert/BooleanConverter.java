package io.shoaldb.ingest.convert;

import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/** BOOLEAN: {@code true}/{@code false} (any case) and {@code 1}/{@code 0}, as Doris's StringParser accepts. */
final class BooleanConverter extends ValueConverter {
    BooleanConverter(DataType type) {
        super(type);
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        int end = Ascii.trimEnd(b, off, off + len);
        int i = Ascii.trimStart(b, off, end);
        if (end - i == 1 && (b[i] == '1' || b[i] == '0')) {
            slot.setLong(b[i] - '0');
            return true;
        }
        if (Ascii.equalsLower(b, i, end, "true")) {
            slot.setLong(1);
            return true;
        }
        if (Ascii.equalsLower(b, i, end, "false")) {
            slot.setLong(0);
            return true;
        }
        return slot.fail(Failure.INVALID);
    }

    @Override
    protected boolean parseValue(Object value, ValueSlot slot) {
        if (value instanceof Boolean b) {
            slot.setLong(b ? 1 : 0);
            return true;
        }
        if (value instanceof Number n && !(value instanceof Double) && !(value instanceof Float)) {
            // MySQL: any non-zero integer literal is TRUE
            slot.setLong(n.longValue() != 0 || (value instanceof java.math.BigDecimal d && d.signum() != 0) ? 1 : 0);
            return true;
        }
        return super.parseValue(value, slot);
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else {
            ((IntVectorBuilder) out).appendInt((int) slot.longValue);
        }
    }
}
