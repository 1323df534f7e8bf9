package io.shoaldb.ingest.convert;

import io.shoaldb.vector.Int128VectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * DECIMAL(p, s). Text: optional sign, digits with an optional point, optional exponent ({@code 1.5e2}).
 * Fractional digits beyond s are rounded half-up (away from zero on .5), as Doris's decimalv3 cast does;
 * more than p - s integer digits (also after a rounding carry) is a conversion failure, never a silent
 * clamp. Works on the digit string, so no BigDecimal is built for p <= 18.
 */
final class DecimalConverter extends ValueConverter {
    private static final int MAX_DIGITS = 96;
    /** 10^p for every precision: made once, not per converter (an INSERT makes a converter per column). */
    private static final BigInteger[] POWERS_OF_TEN = new BigInteger[DataType.MAX_DECIMAL_PRECISION + 1];

    static {
        for (int p = 0; p < POWERS_OF_TEN.length; p++) {
            POWERS_OF_TEN[p] = BigInteger.TEN.pow(p);
        }
    }

    private final int precision;
    private final int scale;
    private final boolean isLong;
    private final long longLimit;
    private final BigInteger bigLimit;
    private final byte[] digits = new byte[MAX_DIGITS];

    DecimalConverter(DataType type) {
        super(type);
        precision = type.precision();
        scale = type.scale();
        isLong = PhysicalType.of(type) == PhysicalType.INT64;
        longLimit = isLong ? pow10(precision) : 0;
        bigLimit = POWERS_OF_TEN[precision];
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        return isLong && parsePlain(b, off, off + len, slot) || parseGeneral(b, off, len, slot);
    }

    /**
     * The shape nearly every loaded decimal has - an optional minus, at most p - s integer digits, then optionally
     * a point and one to s fraction digits, nothing around it - read straight into the unscaled value: it needs no
     * rounding and cannot overflow. False (the slot untouched) for anything else, which {@link #parseGeneral} reads.
     */
    private boolean parsePlain(byte[] b, int i, int end, ValueSlot slot) {
        boolean negative = i < end && b[i] == '-';
        if (negative) {
            i++;
        }
        int digitsStart = i;
        long v = 0;
        for (; i < end && Ascii.isDigit(b[i]); i++) {
            v = v * 10 + (b[i] - '0');
        }
        int integerDigits = i - digitsStart;
        if (integerDigits == 0 || integerDigits > precision - scale) {
            return false;
        }
        int fractionDigits = 0;
        if (i < end) {
            if (b[i] != '.') {
                return false;
            }
            for (i++; i < end && Ascii.isDigit(b[i]); i++) {
                v = v * 10 + (b[i] - '0');
                fractionDigits++;
            }
            if (i < end || fractionDigits == 0 || fractionDigits > scale) {
                return false;
            }
        }
        for (int d = fractionDigits; d < scale; d++) {
            v *= 10;
        }
        return setUnscaled(negative ? -v : v, slot);
    }

    private boolean parseGeneral(byte[] b, int off, int len, ValueSlot slot) {
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
        int count = 0;         // significant digits kept (leading zeros dropped)
        int pointPos = 0;      // digits of `digits` before the decimal point
        boolean seenPoint = false;
        boolean anyDigit = false;
        for (; i < end; i++) {
            byte c = b[i];
            if (Ascii.isDigit(c)) {
                anyDigit = true;
                if (count == 0 && c == '0') {
                    if (seenPoint) {
                        pointPos--; // 0.00x: the first kept digit sits further right
                    }
                    continue;
                }
                if (count < MAX_DIGITS) {
                    digits[count++] = (byte) (c - '0');
                    if (!seenPoint) {
                        pointPos++;
                    }
                } else if (!seenPoint) {
                    pointPos++; // an integer part this long overflows below anyway
                }
            } else if (c == '.' && !seenPoint) {
                seenPoint = true;
            } else {
                break;
            }
        }
        if (!anyDigit) {
            return slot.fail(Failure.INVALID);
        }
        if (i < end) {
            int exp = parseExponent(b, i, end);
            if (exp == Integer.MIN_VALUE) {
                return slot.fail(Failure.INVALID);
            }
            pointPos += exp;
        }
        if (count == 0) {
            return setUnscaled(0, slot);
        }
        if (pointPos > precision - scale) {
            return slot.fail(Failure.INVALID);
        }
        // unscaled value = digits[0 .. pointPos+scale), then round on the next digit
        int keep = pointPos + scale;
        boolean roundUp = keep >= 0 && keep < count && digits[keep] >= 5;
        if (keep < 0) {
            return setUnscaled(0, slot);
        }
        if (isLong) {
            long v = 0;
            for (int d = 0; d < keep; d++) {
                v = v * 10 + (d < count ? digits[d] : 0);
            }
            if (roundUp) {
                v++;
            }
            if (v >= longLimit) {
                return slot.fail(Failure.INVALID); // carry made it one digit too long: 99.995 into (4,2)
            }
            return setUnscaled(negative ? -v : v, slot);
        }
        StringBuilder sb = new StringBuilder(keep);
        for (int d = 0; d < keep; d++) {
            sb.append((char) ('0' + (d < count ? digits[d] : 0)));
        }
        BigInteger v = keep == 0 ? BigInteger.ZERO : new BigInteger(sb.toString());
        if (roundUp) {
            v = v.add(BigInteger.ONE);
        }
        return setBig(negative ? v.negate() : v, slot);
    }

    /** The exponent of {@code e[+-]digits} spanning to {@code end}, or MIN_VALUE when malformed. */
    private static int parseExponent(byte[] b, int i, int end) {
        if (b[i] != 'e' && b[i] != 'E') {
            return Integer.MIN_VALUE;
        }
        i++;
        boolean negative = false;
        if (i < end && (b[i] == '-' || b[i] == '+')) {
            negative = b[i] == '-';
            i++;
        }
        if (i == end) {
            return Integer.MIN_VALUE;
        }
        int exp = 0;
        for (; i < end; i++) {
            if (!Ascii.isDigit(b[i])) {
                return Integer.MIN_VALUE;
            }
            exp = Math.min(exp * 10 + (b[i] - '0'), 10_000);
        }
        return negative ? -exp : exp;
    }

    private boolean setUnscaled(long v, ValueSlot slot) {
        slot.setInt128(v >> 63, v);
        return true;
    }

    private boolean setBig(BigInteger v, ValueSlot slot) {
        if (v.abs().compareTo(bigLimit) >= 0) {
            return slot.fail(Failure.INVALID);
        }
        slot.setInt128(v.shiftRight(64).longValue(), v.longValue());
        return true;
    }

    @Override
    protected boolean parseValue(Object value, ValueSlot slot) {
        BigDecimal d = switch (value) {
            case BigDecimal x -> x;
            case BigInteger x -> new BigDecimal(x);
            case Long x -> BigDecimal.valueOf(x);
            case Integer x -> BigDecimal.valueOf(x);
            case Short x -> BigDecimal.valueOf(x);
            case Byte x -> BigDecimal.valueOf(x);
            case Double x when Double.isFinite(x) -> BigDecimal.valueOf(x);
            case Float x when Float.isFinite(x) -> new BigDecimal(Float.toString(x));
            default -> null;
        };
        if (d == null) {
            return super.parseValue(value, slot);
        }
        BigInteger unscaled = d.setScale(scale, RoundingMode.HALF_UP).unscaledValue();
        if (unscaled.abs().compareTo(bigLimit) >= 0) {
            return slot.fail(Failure.INVALID);
        }
        slot.setInt128(unscaled.shiftRight(64).longValue(), unscaled.longValue());
        return true;
    }

    @Override
    public boolean parseDecimalText(byte[] buf, int off, int len, ValueSlot slot) {
        return parse(buf, off, len, slot);
    }

    /** {@link ValueConverter#appendColumn} for decimals: this class's parse, typed appends, one loop compiled for it. */
    @Override
    public boolean appendColumn(TextRows rows, int field, boolean nullable, VectorBuilder out) {
        byte[] buf = rows.buffer();
        ValueSlot slot = columnSlot;
        LongVectorBuilder longs = isLong ? (LongVectorBuilder) out : null;
        Int128VectorBuilder wide = isLong ? null : (Int128VectorBuilder) out;
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
                    wide.appendInt128(slot.highValue, slot.longValue);
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
            ((Int128VectorBuilder) out).appendInt128(slot.highValue, slot.longValue);
        }
    }
}
