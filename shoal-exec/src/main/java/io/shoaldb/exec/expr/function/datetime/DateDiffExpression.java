package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.type.DataType;

/** DATEDIFF(a, b): days from b to a, over the date parts (the planner casts both to DATE). */
final class DateDiffExpression implements VectorExpression {
    private final VectorExpression left;
    private final VectorExpression right;

    DateDiffExpression(VectorExpression left, VectorExpression right) {
        this.left = left;
        this.right = right;
    }

    @Override
    public DataType type() {
        return DataType.INT;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector a = Flat.of(left.evaluate(batch));
        FlatVector b = Flat.of(right.evaluate(batch));
        int[] x = ((IntVector) a).values();
        int[] y = ((IntVector) b).values();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = x[i] - y[i];
        }
        return new IntVector(DataType.INT, n, out, io.shoaldb.exec.expr.Nulls.both(a, b, n));
    }
}
