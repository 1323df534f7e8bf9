package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.ValueCasts;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.Vectors;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;

/**
 * CAST between supported types. The conversions the planner inserts on hot paths (integer widening,
 * numbers to DOUBLE, integers and decimals to wider decimals, DATE to DATETIME, string to string) are
 * typed loops; everything else converts value by value with {@link ValueCasts} (NULL when a value does not
 * convert, as Doris).
 */
final class CastExpression implements VectorExpression {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private final VectorExpression operand;
    private final DataType type;

    CastExpression(VectorExpression operand, DataType type) {
        this.operand = operand;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        ColumnVector in = operand.evaluate(batch);
        DataType from = in.type();
        if (isText(from) && isText(type)) {
            return retype(Flat.of(in));
        }
        FlatVector v = Flat.of(in);
        int n = batch.positionCount();
        TypeId to = type.id();
        if (to == TypeId.DOUBLE) {
            double scale = from.id() == TypeId.DECIMAL ? Math.pow(10, from.scale()) : 1;
            switch (v) {
                case IntVector x when isInteger(from) -> {
                    double[] out = new double[n];
                    int[] s = x.values();
                    for (int i = 0; i < n; i++) {
                        out[i] = s[i];
                    }
                    return new DoubleVector(type, n, out, Nulls.copy(x.validity(), n));
                }
                case LongVector x when isInteger(from) || from.id() == TypeId.DECIMAL -> {
                    double[] out = new double[n];
                    long[] s = x.values();
                    for (int i = 0; i < n; i++) {
                        out[i] = s[i] / scale;
                    }
                    return new DoubleVector(type, n, out, Nulls.copy(x.validity(), n));
                }
                case FloatVector x -> {
                    double[] out = new double[n];
                    float[] s = x.values();
                    for (int i = 0; i < n; i++) {
                        out[i] = s[i];
                    }
                    return new DoubleVector(type, n, out, Nulls.copy(x.validity(), n));
                }
                default -> { }
            }
        }
        if (PhysicalType.of(type) == PhysicalType.INT64 && (to == TypeId.BIGINT || to == TypeId.DECIMAL)) {
            long factor = factor(from, type);
            if (factor > 0) {
                if (v instanceof IntVector x && isInteger(from)) {
                    long[] out = new long[n];
                    int[] s = x.values();
                    for (int i = 0; i < n; i++) {
                        out[i] = s[i] * factor;
                    }
                    return new LongVector(type, n, out, Nulls.copy(x.validity(), n));
                }
                if (v instanceof LongVector x && (isInteger(from) || from.id() == TypeId.DECIMAL)) {
                    if (factor == 1) { // a wider precision at the same scale: the same values (vectors are immutable)
                        return new LongVector(type, n, x.values(), x.validity());
                    }
                    long[] out = new long[n];
                    long[] s = x.values();
                    for (int i = 0; i < n; i++) {
                        out[i] = s[i] * factor;
                    }
                    return new LongVector(type, n, out, Nulls.copy(x.validity(), n));
                }
            }
        }
        if (PhysicalType.of(type) == PhysicalType.INT128 && v instanceof LongVector x
                && (isInteger(from) || from.id() == TypeId.DECIMAL)) {
            long factor = factor(from, type);
            if (factor > 0) {
                long[] s = x.values();
                long[] hi = new long[n];
                if (factor == 1) { // the low words are the values themselves; the high words their sign
                    for (int i = 0; i < n; i++) {
                        hi[i] = s[i] >> 63;
                    }
                    return new Int128Vector(type, n, hi, s, x.validity());
                }
                long[] lo = new long[n];
                for (int i = 0; i < n; i++) {
                    hi[i] = Math.multiplyHigh(s[i], factor);
                    lo[i] = s[i] * factor;
                }
                return new Int128Vector(type, n, hi, lo, Nulls.copy(x.validity(), n));
            }
        }
        if (PhysicalType.of(type) == PhysicalType.INT128 && v instanceof Int128Vector x
                && (isInteger(from) || from.id() == TypeId.DECIMAL)) {
            // A 128-bit exact number to a DECIMAL of as many integer digits and no smaller scale (TPC-H Q9's products
            // of DECIMAL(15,2)s, DECIMAL(30,4) and (31,4), to the DECIMAL(32,4) of their difference): went through a
            // BigDecimal and its decimal string per row, a third of Q9's samples.
            long factor = factor(from, type);
            if (factor == 1) {
                return new Int128Vector(type, n, x.highs(), x.lows(), x.validity());
            }
            if (factor > 1) {
                return upscaled(x, factor, n);
            }
        }
        if (v instanceof Int128Vector x && DecimalDownscale.applies(from, type)) {
            return DecimalDownscale.cast(x, type, n);
        }
        if (to == TypeId.DATETIME && from.id() == TypeId.DATE && v instanceof IntVector x) {
            long[] out = new long[n];
            int[] s = x.values();
            for (int i = 0; i < n; i++) {
                out[i] = s[i] * MICROS_PER_DAY;
            }
            return new LongVector(type, n, out, Nulls.copy(x.validity(), n));
        }
        VectorBuilder out = VectorBuilder.create(type, n);
        for (int i = 0; i < n; i++) {
            out.appendObject(ValueCasts.cast(v.getObject(i), type));
        }
        return out.build();
    }

    /**
     * {@code x} times {@code factor}: the target's precision (at most 38 digits) holds every product, so the low 128
     * bits of the two's-complement product are exact.
     */
    private Int128Vector upscaled(Int128Vector x, long factor, int n) {
        long[] hi = new long[n];
        long[] lo = new long[n];
        long[] sh = x.highs();
        long[] sl = x.lows();
        for (int i = 0; i < n; i++) {
            hi[i] = Math.unsignedMultiplyHigh(sl[i], factor) + sh[i] * factor;
            lo[i] = sl[i] * factor;
        }
        return new Int128Vector(type, n, hi, lo, Nulls.copy(x.validity(), n));
    }

    /**
     * The multiplier taking an exact number of type {@code from} to the unscaled value of {@code to}
     * (10^(scale difference)), or 0 when the cast needs rounding or a range check (generic path).
     */
    private static long factor(DataType from, DataType to) {
        if (!isInteger(from) && from.id() != TypeId.DECIMAL) {
            return 0;
        }
        int fromScale = from.id() == TypeId.DECIMAL ? from.scale() : 0;
        int toScale = to.id() == TypeId.DECIMAL ? to.scale() : 0;
        int fromDigits = (from.id() == TypeId.DECIMAL ? from.precision() : integerDigits(from)) - fromScale;
        int toDigits = (to.id() == TypeId.DECIMAL ? to.precision() : integerDigits(to)) - toScale;
        if (toScale < fromScale || toDigits < fromDigits || toScale - fromScale > 18) {
            return 0;
        }
        long f = 1;
        for (int i = fromScale; i < toScale; i++) {
            f *= 10;
        }
        return f;
    }

    private static int integerDigits(DataType t) {
        return switch (t.id()) {
            case BOOLEAN, TINYINT -> 3;
            case SMALLINT -> 5;
            case INT -> 10;
            case BIGINT -> 19;
            case LARGEINT -> 39;
            default -> 0;
        };
    }

    private static boolean isInteger(DataType t) {
        return t.id().isInteger() || t.id() == TypeId.BOOLEAN;
    }

    private static boolean isText(DataType t) {
        return t.id().isString() || t.id() == TypeId.JSON;
    }

    private FlatVector retype(FlatVector v) {
        BytesVector b = (BytesVector) v;
        return Vectors.withValidity(new BytesVector(type, b.size(), b.data(), b.offsets(), null), b.validity());
    }
}
