package io.shoaldb.ingest.convert;

import io.shoaldb.vector.DoubleVectorBuilder;
import io.shoaldb.vector.FloatVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.nio.charset.StandardCharsets;

/**
 * FLOAT and DOUBLE. Text: decimal or scientific notation, plus {@code inf}/{@code infinity}/{@code nan}
 * (case-insensitive, signed). A finite text whose value overflows the type is a failure, like Doris's
 * PARSE_OVERFLOW. Short plain decimals (the common case) are parsed exactly without a String: a mantissa
 * below 2^53 scaled by a power of ten up to 10^22 is one correctly rounded division or multiplication.
 */
final class FloatingConverter extends ValueConverter {
    private static final double[] POW10 = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private final boolean isFloat;

    FloatingConverter(DataType type) {
        super(type);
        isFloat = type.id() == TypeId.FLOAT;
    }

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        int end = Ascii.trimEnd(b, off, off + len);
        int start = Ascii.trimStart(b, off, end);
        if (start == end) {
            return slot.fail(Failure.INVALID);
        }
        int i = start;
        boolean negative = false;
        if (b[i] == '-' || b[i] == '+') {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int fractionDigits = 0;
        boolean seenPoint = false;
        boolean simple = true;
        int body = i;
        for (; i < end; i++) {
            byte c = b[i];
            if (Ascii.isDigit(c)) {
                if (digits < 15) {
                    mantissa = mantissa * 10 + (c - '0');
                    if (mantissa != 0) {
                        digits++;
                    }
                    if (seenPoint) {
                        fractionDigits++;
                    }
                } else {
                    simple = false;
                }
            } else if (c == '.' && !seenPoint) {
                seenPoint = true;
            } else {
                simple = false;
                break;
            }
        }
        if (simple && i > body && !(i == body + 1 && seenPoint) && fractionDigits <= 22) {
            double v = mantissa / POW10[fractionDigits];
            return set(negative ? -v : v, slot);
        }
        return slowPath(b, start, end, body, slot);
    }

    private boolean slowPath(byte[] b, int start, int end, int body, ValueSlot slot) {
        if (Ascii.equalsLower(b, body, end, "inf") || Ascii.equalsLower(b, body, end, "infinity")) {
            return set(b[start] == '-' ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY, slot);
        }
        if (Ascii.equalsLower(b, body, end, "nan")) {
            return set(Double.NaN, slot);
        }
        // Java also accepts hex floats and "1d"/"1f" suffixes; Doris does not, so allow only [0-9.eE+-]
        for (int i = body; i < end; i++) {
            byte c = b[i];
            if (!(Ascii.isDigit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) {
                return slot.fail(Failure.INVALID);
            }
        }
        try {
            double v = Double.parseDouble(new String(b, start, end - start, StandardCharsets.US_ASCII));
            if (Double.isInfinite(v)) {
                return slot.fail(Failure.INVALID);
            }
            return set(v, slot);
        } catch (NumberFormatException e) {
            return slot.fail(Failure.INVALID);
        }
    }

    private boolean set(double v, ValueSlot slot) {
        if (isFloat && !Double.isInfinite(v) && Math.abs(v) > Float.MAX_VALUE) {
            return slot.fail(Failure.INVALID);
        }
        slot.setDouble(v);
        return true;
    }

    @Override
    protected boolean parseValue(Object value, ValueSlot slot) {
        if (value instanceof Number n && !(value instanceof java.math.BigDecimal)
                && !(value instanceof java.math.BigInteger)) {
            return set(n.doubleValue(), slot);
        }
        if (value instanceof Boolean bool) {
            return set(bool ? 1 : 0, slot);
        }
        return super.parseValue(value, slot);
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else if (isFloat) {
            ((FloatVectorBuilder) out).appendFloat((float) slot.doubleValue);
        } else {
            ((DoubleVectorBuilder) out).appendDouble(slot.doubleValue);
        }
    }
}
