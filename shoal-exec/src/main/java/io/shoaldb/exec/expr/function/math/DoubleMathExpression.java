package io.shoaldb.exec.expr.function.math;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.Nulls;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Math over DOUBLE: LN, LOG10, EXP, SQRT, POWER, ABS, and ROUND/TRUNCATE/FLOOR/CEIL with optional digits.
 * Outside a function's domain (LN of 0 or less, SQRT of a negative) and for non-finite results the value is
 * NULL, as in Doris. ROUND rounds halves away from zero.
 */
final class DoubleMathExpression implements VectorExpression {
    enum Op { LN, LOG10, EXP, SQRT, POWER, ABS, ROUND, TRUNCATE, FLOOR, CEIL }

    private final Op op;
    private final List<VectorExpression> arguments;

    DoubleMathExpression(Op op, List<VectorExpression> arguments) {
        this.op = op;
        this.arguments = arguments;
    }

    @Override
    public DataType type() {
        return DataType.DOUBLE;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        DoubleVector a = (DoubleVector) Flat.of(arguments.get(0).evaluate(batch));
        FlatVector b = arguments.size() > 1 ? Flat.of(arguments.get(1).evaluate(batch)) : null;
        double[] x = a.values();
        double[] y = b instanceof DoubleVector d ? d.values() : null;
        long[] digits = b instanceof LongVector l ? l.values() : null;
        double[] out = new double[n];
        long[] validity = b == null ? Nulls.copy(a.validity(), n) : Nulls.both(a, b, n);
        for (int i = 0; i < n; i++) {
            double v = x[i];
            double r = switch (op) {
                case LN -> v > 0 ? Math.log(v) : Double.NaN;
                case LOG10 -> v > 0 ? Math.log10(v) : Double.NaN;
                case EXP -> Math.exp(v);
                case SQRT -> v >= 0 ? Math.sqrt(v) : Double.NaN;
                case POWER -> Math.pow(v, y[i]);
                case ABS -> Math.abs(v);
                case ROUND, TRUNCATE, FLOOR, CEIL -> round(v, digits == null ? 0 : digits[i]);
            };
            if (Double.isFinite(r)) {
                out[i] = r;
            } else {
                validity = Nulls.setNull(validity, i, n);
            }
        }
        return new DoubleVector(DataType.DOUBLE, n, out, validity);
    }

    private double round(double v, long digits) {
        double scale = Math.pow(10, digits);
        double s = v * scale;
        double r = switch (op) {
            case ROUND -> Math.signum(s) * Math.floor(Math.abs(s) + 0.5);
            case TRUNCATE -> s < 0 ? Math.ceil(s) : Math.floor(s);
            case FLOOR -> Math.floor(s);
            default -> Math.ceil(s);
        };
        return r / scale + 0.0; // + 0.0 turns -0.0 into 0.0
    }
}
