package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.PhysicalType;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * {@code left op right} over vectors whose types the planner already aligned (see {@code Arithmetic}).
 * Typed loops for 64-bit integers and decimals, doubles, 128-bit add/subtract and 128-bit multiply (any mix
 * of 64- and 128-bit operands); only 128-bit modulo falls back to BigDecimal per row (rare).
 * Integer overflow wraps, as Doris's BIGINT arithmetic does; division and modulo by zero give NULL.
 */
final class ArithmeticExpression implements VectorExpression {
    private final Arithmetic.Op op;
    private final VectorExpression left;
    private final VectorExpression right;
    private final DataType type;

    ArithmeticExpression(Arithmetic.Op op, VectorExpression left, VectorExpression right, DataType type) {
        this.op = op;
        this.left = left;
        this.right = right;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        ColumnVector leftValues = left.evaluate(batch);
        ColumnVector rightValues = right.evaluate(batch);
        int n = batch.positionCount();
        if (PhysicalType.of(type) == PhysicalType.INT64 && op != Arithmetic.Op.DIVIDE && op != Arithmetic.Op.MODULO) {
            LongVector withConstant = longsWithConstant(leftValues, rightValues, n);
            if (withConstant != null) {
                return withConstant;
            }
        }
        FlatVector a = Flat.of(leftValues);
        FlatVector b = Flat.of(rightValues);
        if (type.id() == TypeId.DOUBLE) {
            return doubles((DoubleVector) a, (DoubleVector) b, n);
        }
        if (op == Arithmetic.Op.DIVIDE) {
            return generic(a, b, n);
        }
        if (PhysicalType.of(type) == PhysicalType.INT64 && a instanceof LongVector x && b instanceof LongVector y) {
            return longs(x, y, n);
        }
        if (PhysicalType.of(type) == PhysicalType.INT128 && (op == Arithmetic.Op.ADD || op == Arithmetic.Op.SUBTRACT)
                && a instanceof Int128Vector x && b instanceof Int128Vector y) {
            return add128(x, y, n, op == Arithmetic.Op.SUBTRACT);
        }
        if (PhysicalType.of(type) == PhysicalType.INT128 && op == Arithmetic.Op.MULTIPLY
                && a instanceof LongVector x && b instanceof LongVector y) {
            return multiply64(x, y, n);
        }
        if (PhysicalType.of(type) == PhysicalType.INT128 && op == Arithmetic.Op.MULTIPLY
                && isExact64or128(a) && isExact64or128(b)) {
            return multiply128(a, b, n);
        }
        return generic(a, b, n);
    }

    private DoubleVector doubles(DoubleVector a, DoubleVector b, int n) {
        double[] x = a.values();
        double[] y = b.values();
        double[] out = new double[n];
        long[] validity = Nulls.both(a, b, n);
        switch (op) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] + y[i];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] - y[i];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] * y[i];
                }
            }
            case DIVIDE, MODULO -> {
                for (int i = 0; i < n; i++) {
                    if (y[i] == 0) {
                        validity = Nulls.setNull(validity, i, n);
                    } else {
                        out[i] = op == Arithmetic.Op.DIVIDE ? x[i] / y[i] : x[i] % y[i];
                    }
                }
            }
        }
        return new DoubleVector(type, n, out, validity);
    }

    private LongVector longs(LongVector a, LongVector b, int n) {
        long[] x = a.values();
        long[] y = b.values();
        long[] out = new long[n];
        long[] validity = Nulls.both(a, b, n);
        switch (op) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] + y[i];
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] - y[i];
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] * y[i];
                }
            }
            case MODULO -> {
                for (int i = 0; i < n; i++) {
                    if (y[i] == 0) {
                        validity = Nulls.setNull(validity, i, n);
                    } else {
                        out[i] = x[i] % y[i];
                    }
                }
            }
            case DIVIDE -> throw new IllegalStateException("division is computed in DOUBLE");
        }
        return new LongVector(type, n, out, validity);
    }

    /**
     * {@code constant op column} or {@code column op constant} over 64-bit values (TPC-H's {@code 1 - l_discount}):
     * the constant is read once instead of being expanded into a vector of its value. Null when neither side is a
     * non-NULL constant over a flat column.
     */
    private LongVector longsWithConstant(ColumnVector a, ColumnVector b, int n) {
        if (a instanceof ConstantVector c && c.value() instanceof LongVector k && !k.isNull(0)
                && b instanceof LongVector y) {
            return withConstant(k.getLong(0), y, n, true);
        }
        if (b instanceof ConstantVector c && c.value() instanceof LongVector k && !k.isNull(0)
                && a instanceof LongVector x) {
            return withConstant(k.getLong(0), x, n, false);
        }
        return null;
    }

    private LongVector withConstant(long k, LongVector v, int n, boolean constantFirst) {
        long[] x = v.values();
        long[] out = new long[n];
        switch (op) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    out[i] = k + x[i];
                }
            }
            case SUBTRACT -> {
                if (constantFirst) {
                    for (int i = 0; i < n; i++) {
                        out[i] = k - x[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = x[i] - k;
                    }
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    out[i] = k * x[i];
                }
            }
            case DIVIDE, MODULO -> throw new IllegalStateException(op + " has no constant fast path");
        }
        return new LongVector(type, n, out, Nulls.copy(v.validity(), n));
    }

    private Int128Vector add128(Int128Vector a, Int128Vector b, int n, boolean subtract) {
        long[] xh = a.highs();
        long[] xl = a.lows();
        long[] yh = b.highs();
        long[] yl = b.lows();
        long[] hi = new long[n];
        long[] lo = new long[n];
        for (int i = 0; i < n; i++) {
            long bh = yh[i];
            long bl = yl[i];
            if (subtract) { // two's complement negation of (bh, bl)
                bl = ~bl + 1;
                bh = ~bh + (bl == 0 ? 1 : 0);
            }
            long l = xl[i] + bl;
            hi[i] = xh[i] + bh + (Long.compareUnsigned(l, xl[i]) < 0 ? 1 : 0);
            lo[i] = l;
        }
        return new Int128Vector(type, n, hi, lo, Nulls.both(a, b, n));
    }

    private Int128Vector multiply64(LongVector a, LongVector b, int n) {
        long[] x = a.values();
        long[] y = b.values();
        long[] hi = new long[n];
        long[] lo = new long[n];
        for (int i = 0; i < n; i++) {
            hi[i] = Math.multiplyHigh(x[i], y[i]);
            lo[i] = x[i] * y[i];
        }
        return new Int128Vector(type, n, hi, lo, Nulls.both(a, b, n));
    }

    private static boolean isExact64or128(FlatVector v) {
        return v instanceof LongVector || v instanceof Int128Vector;
    }

    /**
     * The low 128 bits of the product of two 128-bit two's complement values (a 64-bit operand is sign-extended):
     * DECIMAL(p,s) * DECIMAL(q,t) with a wide result, e.g. TPC-H's price * (1 - discount) * (1 + tax).
     */
    private Int128Vector multiply128(FlatVector a, FlatVector b, int n) {
        if (a instanceof Int128Vector x && b instanceof LongVector y) {
            return multiply128by64(x, y, n);
        }
        if (b instanceof Int128Vector x && a instanceof LongVector y) {
            return multiply128by64(x, y, n);
        }
        long[] ah = highs(a, n);
        long[] al = lows(a);
        long[] bh = highs(b, n);
        long[] bl = lows(b);
        long[] hi = new long[n];
        long[] lo = new long[n];
        for (int i = 0; i < n; i++) {
            lo[i] = al[i] * bl[i];
            hi[i] = Math.unsignedMultiplyHigh(al[i], bl[i]) + al[i] * bh[i] + ah[i] * bl[i];
        }
        return new Int128Vector(type, n, hi, lo, Nulls.both(a, b, n));
    }

    /** {@link #multiply128} with a 64-bit operand, whose high word is its sign ({@code y >> 63}), read in place. */
    private Int128Vector multiply128by64(Int128Vector a, LongVector b, int n) {
        long[] ah = a.highs();
        long[] al = a.lows();
        long[] bl = b.values();
        long[] hi = new long[n];
        long[] lo = new long[n];
        for (int i = 0; i < n; i++) {
            long x = al[i];
            long y = bl[i];
            lo[i] = x * y;
            hi[i] = Math.unsignedMultiplyHigh(x, y) + x * (y >> 63) + ah[i] * y;
        }
        return new Int128Vector(type, n, hi, lo, Nulls.both(a, b, n));
    }

    private static long[] highs(FlatVector v, int n) {
        if (v instanceof Int128Vector x) {
            return x.highs();
        }
        long[] values = ((LongVector) v).values();
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = values[i] >> 63;
        }
        return out;
    }

    private static long[] lows(FlatVector v) {
        return v instanceof Int128Vector x ? x.lows() : ((LongVector) v).values();
    }

    /** Per-row BigDecimal arithmetic: decimal division, and the 128-bit cases above do not cover. */
    private FlatVector generic(FlatVector a, FlatVector b, int n) {
        VectorBuilder out = VectorBuilder.create(type, n);
        for (int i = 0; i < n; i++) {
            Object x = a.getObject(i);
            Object y = b.getObject(i);
            if (x == null || y == null) {
                out.appendNull();
                continue;
            }
            BigDecimal p = decimal(x);
            BigDecimal q = decimal(y);
            BigDecimal r = switch (op) {
                case ADD -> p.add(q);
                case SUBTRACT -> p.subtract(q);
                case MULTIPLY -> p.multiply(q);
                case MODULO -> q.signum() == 0 ? null : p.remainder(q);
                // Doris divides the dividend scaled up to the quotient's scale: the quotient is truncated.
                case DIVIDE -> q.signum() == 0 ? null : p.divide(q, type.scale(), RoundingMode.DOWN);
            };
            if (r == null) {
                out.appendNull();
            } else if (type.id() == TypeId.DECIMAL) {
                out.appendObject(r.setScale(type.scale(), RoundingMode.HALF_UP));
            } else if (type.id() == TypeId.LARGEINT) {
                out.appendObject(truncate128(r.toBigInteger()));
            } else {
                out.appendObject(r.longValue());
            }
        }
        return out.build();
    }

    private static BigDecimal decimal(Object v) {
        return switch (v) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Long l -> BigDecimal.valueOf(l);
            default -> new BigDecimal(v.toString());
        };
    }

    /** LARGEINT arithmetic wraps at 128 bits like BIGINT's wraps at 64. */
    private static BigInteger truncate128(BigInteger v) {
        BigInteger mask = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
        BigInteger u = v.and(mask);
        return u.testBit(127) ? u.subtract(BigInteger.ONE.shiftLeft(128)) : u;
    }
}
