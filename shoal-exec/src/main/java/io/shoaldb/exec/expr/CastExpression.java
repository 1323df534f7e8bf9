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
 * convert, as Doris). The loop is chosen once, from the operand's type and the target's, when the expression is
 * compiled: each kind of cast is a kernel of its own, so the JIT compiles every one for the one conversion it does
 * (one method that held them all was compiled again each time a query brought another kind of cast, and speculated
 * on the vector classes the queries before it had passed).
 */
final class CastExpression implements VectorExpression {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private final VectorExpression operand;
    private final DataType type;
    private final DataType from;
    private final Kernel kernel;

    /** One conversion of {@code n} flat values of a given type to this cast's type. */
    @FunctionalInterface
    private interface Kernel {
        ColumnVector cast(FlatVector v, int n);
    }

    CastExpression(VectorExpression operand, DataType type) {
        this.operand = operand;
        this.type = type;
        this.from = operand.type();
        this.kernel = kernel(from);
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        ColumnVector in = operand.evaluate(batch);
        // the operand's vectors have its declared type; one of another type would still convert by its own
        Kernel k = in.type().equals(from) ? kernel : kernel(in.type());
        return k.cast(Flat.of(in), batch.positionCount());
    }

    /** The kernel converting values of type {@code from} (exact numbers by a factor of 10^(scale difference)). */
    private Kernel kernel(DataType from) {
        if (isText(from) && isText(type)) {
            return (v, n) -> retype((BytesVector) v);
        }
        PhysicalType source = PhysicalType.of(from);
        PhysicalType target = PhysicalType.of(type);
        boolean exact = isInteger(from) || from.id() == TypeId.DECIMAL;
        TypeId to = type.id();
        if (to == TypeId.DOUBLE) {
            if (source == PhysicalType.INT32 && isInteger(from)) {
                return this::intToDouble;
            }
            if (source == PhysicalType.INT64 && exact) {
                double scale = from.id() == TypeId.DECIMAL ? Math.pow(10, from.scale()) : 1;
                return (v, n) -> longToDouble((LongVector) v, n, scale);
            }
            if (source == PhysicalType.FLOAT32) {
                return this::floatToDouble;
            }
        }
        long factor = factor(from, type);
        if (target == PhysicalType.INT64 && (to == TypeId.BIGINT || to == TypeId.DECIMAL) && factor > 0) {
            if (source == PhysicalType.INT32 && isInteger(from)) {
                return (v, n) -> intToLong((IntVector) v, n, factor);
            }
            if (source == PhysicalType.INT64 && exact) {
                // a wider precision at the same scale: the same values (vectors are immutable)
                return factor == 1 ? (v, n) -> new LongVector(type, n, ((LongVector) v).values(), v.validity())
                        : (v, n) -> longToLong((LongVector) v, n, factor);
            }
        }
        if (target == PhysicalType.INT128 && source == PhysicalType.INT64 && exact && factor > 0) {
            return factor == 1 ? this::signExtended : (v, n) -> widened((LongVector) v, n, factor);
        }
        if (target == PhysicalType.INT128 && source == PhysicalType.INT128 && exact) {
            // A 128-bit exact number to a DECIMAL of as many integer digits and no smaller scale (TPC-H Q9's products
            // of DECIMAL(15,2)s, DECIMAL(30,4) and (31,4), to the DECIMAL(32,4) of their difference): went through a
            // BigDecimal and its decimal string per row, a third of Q9's samples.
            if (factor == 1) {
                return (v, n) -> {
                    Int128Vector x = (Int128Vector) v;
                    return new Int128Vector(type, n, x.highs(), x.lows(), x.validity());
                };
            }
            if (factor > 1) {
                return (v, n) -> upscaled((Int128Vector) v, factor, n);
            }
        }
        if (source == PhysicalType.INT128 && DecimalDownscale.applies(from, type)) {
            return (v, n) -> DecimalDownscale.cast((Int128Vector) v, type, n);
        }
        if (to == TypeId.DATETIME && from.id() == TypeId.DATE) {
            return this::dateToDatetime;
        }
        return this::valueByValue;
    }

    private DoubleVector intToDouble(FlatVector v, int n) {
        IntVector x = (IntVector) v;
        double[] out = new double[n];
        int[] s = x.values();
        for (int i = 0; i < n; i++) {
            out[i] = s[i];
        }
        return new DoubleVector(type, n, out, Nulls.copy(x.validity(), n));
    }

    private DoubleVector longToDouble(LongVector x, int n, double scale) {
        double[] out = new double[n];
        long[] s = x.values();
        for (int i = 0; i < n; i++) {
            out[i] = s[i] / scale;
        }
        return new DoubleVector(type, n, out, Nulls.copy(x.validity(), n));
    }

    private DoubleVector floatToDouble(FlatVector v, int n) {
        FloatVector x = (FloatVector) v;
        double[] out = new double[n];
        float[] s = x.values();
        for (int i = 0; i < n; i++) {
            out[i] = s[i];
        }
        return new DoubleVector(type, n, out, Nulls.copy(x.validity(), n));
    }

    private LongVector intToLong(IntVector x, int n, long factor) {
        long[] out = new long[n];
        int[] s = x.values();
        for (int i = 0; i < n; i++) {
            out[i] = s[i] * factor;
        }
        return new LongVector(type, n, out, Nulls.copy(x.validity(), n));
    }

    private LongVector longToLong(LongVector x, int n, long factor) {
        long[] out = new long[n];
        long[] s = x.values();
        for (int i = 0; i < n; i++) {
            out[i] = s[i] * factor;
        }
        return new LongVector(type, n, out, Nulls.copy(x.validity(), n));
    }

    /** 64 to 128 bits at the same scale: the low words are the values themselves, the high words their sign. */
    private Int128Vector signExtended(FlatVector v, int n) {
        LongVector x = (LongVector) v;
        long[] s = x.values();
        long[] hi = new long[n];
        for (int i = 0; i < n; i++) {
            hi[i] = s[i] >> 63;
        }
        return new Int128Vector(type, n, hi, s, x.validity());
    }

    private Int128Vector widened(LongVector x, int n, long factor) {
        long[] s = x.values();
        long[] hi = new long[n];
        long[] lo = new long[n];
        for (int i = 0; i < n; i++) {
            hi[i] = Math.multiplyHigh(s[i], factor);
            lo[i] = s[i] * factor;
        }
        return new Int128Vector(type, n, hi, lo, Nulls.copy(x.validity(), n));
    }

    private LongVector dateToDatetime(FlatVector v, int n) {
        IntVector x = (IntVector) v;
        long[] out = new long[n];
        int[] s = x.values();
        for (int i = 0; i < n; i++) {
            out[i] = s[i] * MICROS_PER_DAY;
        }
        return new LongVector(type, n, out, Nulls.copy(x.validity(), n));
    }

    private FlatVector valueByValue(FlatVector v, int n) {
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

    private FlatVector retype(BytesVector b) {
        return Vectors.withValidity(new BytesVector(type, b.size(), b.data(), b.offsets(), null), b.validity());
    }
}
