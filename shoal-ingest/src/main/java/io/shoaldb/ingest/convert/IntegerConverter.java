package io.shoaldb.ingest.convert;

import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * TINYINT..BIGINT. Text: optional surrounding whitespace, optional sign, decimal digits; a fractional part of
 * digits only is accepted and truncated toward zero ({@code 1.9} -> 1), as Doris's StringParser does. Out of
 * the type's range, empty, or anything else (exponents, hex, {@code 1,000}) is a conversion failure.
 */
final class IntegerConverter extends ValueConverter {
    private final long min;
    private final long max;
    private final boolean isLong;

    IntegerConverter(DataType type, long min, long max) {
        super(type);
        this.min = min;
        this.max = max;
        this.isLong = type.id() == TypeId.BIGINT;
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        int end = Ascii.trimEnd(b, off, off + len);
        int i = Ascii.trimStart(b, off, end);
        if (i == end) {
            return slot.fail(Failure.INVALID);
        }
        boolean negative = false;
        if (b[i] == '-' || b[i] == '+') {
            negative = b[i] == '-';
            i++;
        }
        int digitsStart = i;
        // accumulate negatively so Long.MIN_VALUE parses without overflow
        long acc = 0;
        for (; i < end && Ascii.isDigit(b[i]); i++) {
            int d = b[i] - '0';
            if (acc < (Long.MIN_VALUE + d) / 10) {
                return slot.fail(Failure.INVALID);
            }
            acc = acc * 10 - d;
        }
        if (i == digitsStart) {
            return slot.fail(Failure.INVALID);
        }
        if (i < end && !isDigitFraction(b, i, end)) {
            return slot.fail(Failure.INVALID);
        }
        long value;
        if (negative) {
            value = acc;
        } else {
            if (acc == Long.MIN_VALUE) {
                return slot.fail(Failure.INVALID);
            }
            value = -acc;
        }
        return set(value, slot);
    }

    private static boolean isDigitFraction(byte[] b, int i, int end) {
        if (b[i] != '.') {
            return false;
        }
        for (int j = i + 1; j < end; j++) {
            if (!Ascii.isDigit(b[j])) {
                return false;
            }
        }
        return true;
    }

    private boolean set(long value, ValueSlot slot) {
        if (value < min || value > max) {
            return slot.fail(Failure.INVALID);
        }
        slot.setLong(value);
        return true;
    }

    @Override
    protected boolean parseValue(Object value, ValueSlot slot) {
        return switch (value) {
            case Long l -> set(l, slot);
            case Integer i -> set(i, slot);
            case Short s -> set(s, slot);
            case Byte b -> set(b, slot);
            case Boolean b -> set(b ? 1 : 0, slot);
            case BigInteger i -> i.bitLength() < 64 ? set(i.longValue(), slot) : slot.fail(Failure.INVALID);
            case BigDecimal d -> parseObject(d.setScale(0, RoundingMode.DOWN).toBigInteger(), slot);
            case Double d -> fromDouble(d, slot);
            case Float f -> fromDouble(f, slot);
            default -> super.parseValue(value, slot);
        };
    }

    @Override
    public boolean parseLong(long value, ValueSlot slot) {
        return set(value, slot);
    }

    private boolean fromDouble(double d, ValueSlot slot) {
        if (Double.isNaN(d) || Double.isInfinite(d) || d >= 0x1p63 || d < -0x1p63) {
            return slot.fail(Failure.INVALID);
        }
        return set((long) d, slot); // truncation toward zero, like the text form
    }

    /** {@link ValueConverter#appendColumn} for integers: this class's parse, typed appends, one loop compiled for it. */
    @Override
    public boolean appendColumn(TextRows rows, int field, boolean nullable, VectorBuilder out) {
        byte[] buf = rows.buffer();
        ValueSlot slot = columnSlot;
        LongVectorBuilder longs = isLong ? (LongVectorBuilder) out : null;
        IntVectorBuilder ints = isLong ? null : (IntVectorBuilder) out;
        for (int r = 0, n = rows.count(); r < n; r++) {
            int len = rows.length(field, r);
            if (len < 0) {
                if (!nullable) {
                    return false;
                }
                out.appendNull();
            } else if (!parse(buf, rows.offset(field, r), len, slot)) {
                return false;
            } else {
                if (isLong) {
                    longs.appendLong(slot.longValue);
                } else {
                    ints.appendInt((int) slot.longValue);
                }
            }
        }
        return true;
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else if (isLong) {
            ((LongVectorBuilder) out).appendLong(slot.longValue);
        } else {
            ((IntVectorBuilder) out).appendInt((int) slot.longValue);
        }
    }
}
