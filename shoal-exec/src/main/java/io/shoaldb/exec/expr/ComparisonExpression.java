package io.shoaldb.exec.expr;

import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;

/** {@code left op right} as a BOOLEAN vector (NULL where either side is NULL); both sides share one representation. */
final class ComparisonExpression implements VectorExpression {
    private final int mask;
    private final VectorExpression left;
    private final VectorExpression right;

    ComparisonExpression(Comparison.Op op, VectorExpression left, VectorExpression right) {
        this.mask = CompareMask.of(op);
        this.left = left;
        this.right = right;
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        FlatVector a = Flat.of(left.evaluate(batch));
        FlatVector b = Flat.of(right.evaluate(batch));
        int n = batch.positionCount();
        int[] out = new int[n];
        switch (a) {
            case IntVector x -> {
                int[] p = x.values();
                int[] q = ((IntVector) b).values();
                for (int i = 0; i < n; i++) {
                    out[i] = CompareMask.passes(mask, Integer.compare(p[i], q[i])) ? 1 : 0;
                }
            }
            case LongVector x -> {
                long[] p = x.values();
                long[] q = ((LongVector) b).values();
                for (int i = 0; i < n; i++) {
                    out[i] = CompareMask.passes(mask, Long.compare(p[i], q[i])) ? 1 : 0;
                }
            }
            case DoubleVector x -> {
                double[] p = x.values();
                double[] q = ((DoubleVector) b).values();
                for (int i = 0; i < n; i++) {
                    out[i] = CompareMask.passes(mask, CompareMask.compareDouble(p[i], q[i])) ? 1 : 0;
                }
            }
            case FloatVector x -> {
                float[] p = x.values();
                float[] q = ((FloatVector) b).values();
                for (int i = 0; i < n; i++) {
                    out[i] = CompareMask.passes(mask, CompareMask.compareDouble(p[i], q[i])) ? 1 : 0;
                }
            }
            case Int128Vector x -> {
                Int128Vector y = (Int128Vector) b;
                for (int i = 0; i < n; i++) {
                    out[i] = CompareMask.passes(mask, CompareMask.compare128(x.getHigh(i), x.getLow(i), y.getHigh(i),
                            y.getLow(i))) ? 1 : 0;
                }
            }
            case BytesVector x -> {
                BytesVector y = (BytesVector) b;
                for (int i = 0; i < n; i++) {
                    out[i] = CompareMask.passes(mask, BytesVector.compare(x, i, y, i)) ? 1 : 0;
                }
            }
        }
        return new IntVector(DataType.BOOLEAN, n, out, Nulls.both(a, b, n));
    }
}
