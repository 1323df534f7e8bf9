package io.shoaldb.exec.expr.function.math;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.Nulls;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * ABS, ROUND, TRUNCATE, FLOOR and CEIL over BIGINT and DECIMAL: 64-bit values (BIGINT, DECIMAL up to 18
 * digits) in a typed loop over unscaled longs; 128-bit values (LARGEINT, wide DECIMAL) per row through
 * BigDecimal. The result scale r comes from the plan; rounding to d digits (ROUND halves away from zero) then
 * rescales to r, so {@code round(1.25, 1)} of a DECIMAL(3,2) is 1.3 with r = 1.
 */
final class ExactMathExpression implements VectorExpression {
    private static final long[] POWERS = new long[19];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
        }
    }

    private final DoubleMathExpression.Op op;
    private final VectorExpression value;
    private final VectorExpression digits;
    private final DataType type;

    ExactMathExpression(DoubleMathExpression.Op op, VectorExpression value, VectorExpression digits, DataType type) {
        this.op = op;
        this.value = value;
        this.digits = digits;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector a = Flat.of(value.evaluate(batch));
        LongVector d = digits == null ? null : (LongVector) Flat.of(digits.evaluate(batch));
        int scale = a.type().id() == TypeId.DECIMAL ? a.type().scale() : 0;
        int resultScale = type.id() == TypeId.DECIMAL ? type.scale() : 0;
        if (a instanceof LongVector x && type.id() != TypeId.LARGEINT
                && (type.id() != TypeId.DECIMAL || type.precision() <= 18)) {
            long[] v = x.values();
            long[] out = new long[n];
            long[] validity = d == null ? Nulls.copy(x.validity(), n) : Nulls.both(x, d, n);
            for (int i = 0; i < n; i++) {
                long k = d == null ? (op == DoubleMathExpression.Op.ABS ? scale : 0) : d.getLong(i);
                long shift = scale - k;
                long up = resultScale - k;
                if (shift > 18 || up > 18 || up < 0 && shift > 0) {
                    out[i] = slow(BigDecimal.valueOf(v[i], scale), k).setScale(resultScale, RoundingMode.DOWN)
                            .unscaledValue().longValue();
                } else if (shift <= 0) {
                    out[i] = op == DoubleMathExpression.Op.ABS ? Math.abs(v[i]) : v[i] * POWERS[resultScale - scale];
                } else {
                    out[i] = divide(v[i], POWERS[(int) shift]) * POWERS[(int) up];
                }
            }
            return new LongVector(type, n, out, validity);
        }
        VectorBuilder out = VectorBuilder.create(type, n);
        for (int i = 0; i < n; i++) {
            Object o = a.getObject(i);
            if (o == null || d != null && d.isNull(i)) {
                out.appendNull();
                continue;
            }
            BigDecimal v = o instanceof BigInteger b ? new BigDecimal(b) : o instanceof Long l ? BigDecimal.valueOf(l)
                    : (BigDecimal) o;
            BigDecimal r = op == DoubleMathExpression.Op.ABS ? v.abs() : slow(v, d == null ? 0 : d.getLong(i));
            r = r.setScale(resultScale, RoundingMode.DOWN);
            out.appendObject(type.id() == TypeId.DECIMAL ? r : r.toBigIntegerExact());
        }
        return out.build();
    }

    private long divide(long v, long divisor) {
        return switch (op) {
            case ROUND -> {
                long q = v / divisor;
                long rem = Math.abs(v % divisor);
                yield rem * 2 >= divisor ? q + Long.signum(v) : q;
            }
            case TRUNCATE -> v / divisor;
            case FLOOR -> Math.floorDiv(v, divisor);
            case CEIL -> -Math.floorDiv(-v, divisor);
            default -> Math.abs(v);
        };
    }

    private BigDecimal slow(BigDecimal v, long digits) {
        int d = (int) Math.max(-38, Math.min(38, digits));
        return switch (op) {
            case ROUND -> v.setScale(d, RoundingMode.HALF_UP);
            case TRUNCATE -> v.setScale(d, RoundingMode.DOWN);
            case FLOOR -> v.setScale(d, RoundingMode.FLOOR);
            case CEIL -> v.setScale(d, RoundingMode.CEILING);
            default -> v.abs();
        };
    }
}
