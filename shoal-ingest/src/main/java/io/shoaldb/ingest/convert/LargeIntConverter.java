package io.shoaldb.ingest.convert;

import io.shoaldb.vector.Int128VectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/** LARGEINT: signed 128-bit, same text rules as the smaller integers. Values that fit a long take the fast path. */
final class LargeIntConverter extends ValueConverter {
    private static final BigInteger MIN = BigInteger.ONE.shiftLeft(127).negate();
    private static final BigInteger MAX = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);
    private final IntegerConverter small;

    LargeIntConverter(DataType type) {
        super(type);
        small = new IntegerConverter(DataType.BIGINT, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        if (small.parse(b, off, len, slot)) {
            slot.setInt128(slot.longValue >> 63, slot.longValue);
            return true;
        }
        // rare: more than 18 digits; validate the syntax the same way, then use BigInteger
        int end = Ascii.trimEnd(b, off, off + len);
        int start = Ascii.trimStart(b, off, end);
        int i = start;
        if (i < end && (b[i] == '-' || b[i] == '+')) {
            i++;
        }
        int digits = i;
        while (i < end && Ascii.isDigit(b[i])) {
            i++;
        }
        if (i == digits || digits - start > 1) {
            return slot.fail(Failure.INVALID);
        }
        int intEnd = i;
        if (i < end) {
            if (b[i] != '.') {
                return slot.fail(Failure.INVALID);
            }
            for (int j = i + 1; j < end; j++) {
                if (!Ascii.isDigit(b[j])) {
                    return slot.fail(Failure.INVALID);
                }
            }
        }
        if (intEnd - digits > 60) {
            return slot.fail(Failure.INVALID);
        }
        return set(new BigInteger(new String(b, start, intEnd - start, StandardCharsets.US_ASCII)), slot);
    }

    private boolean set(BigInteger v, ValueSlot slot) {
        if (v.compareTo(MIN) < 0 || v.compareTo(MAX) > 0) {
            return slot.fail(Failure.INVALID);
        }
        slot.setInt128(v.shiftRight(64).longValue(), v.longValue());
        return true;
    }

    @Override
    protected boolean parseValue(Object value, ValueSlot slot) {
        return switch (value) {
            case BigInteger i -> set(i, slot);
            case BigDecimal d -> set(d.setScale(0, RoundingMode.DOWN).toBigInteger(), slot);
            case Long l -> set(BigInteger.valueOf(l), slot);
            case Integer i -> set(BigInteger.valueOf(i), slot);
            case Double d when !Double.isNaN(d) && !Double.isInfinite(d) ->
                    set(new BigDecimal(d).setScale(0, RoundingMode.DOWN).toBigInteger(), slot);
            case Double d -> slot.fail(Failure.INVALID);
            default -> super.parseValue(value, slot);
        };
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else {
            ((Int128VectorBuilder) out).appendInt128(slot.highValue, slot.longValue);
        }
    }
}
