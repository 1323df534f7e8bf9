package io.shoaldb.exec.expr.function.conditional;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;
import java.util.List;

/** COALESCE / IFNULL / NVL: the first argument that is not NULL; later arguments are evaluated only while rows are left. */
final class CoalesceExpression implements VectorExpression {
    private final List<VectorExpression> arguments;
    private final DataType type;

    CoalesceExpression(List<VectorExpression> arguments, DataType type) {
        this.arguments = arguments;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        int[] pick = new int[n];
        Arrays.fill(pick, -1);
        FlatVector[] sources = new FlatVector[arguments.size()];
        int left = n;
        for (int a = 0; a < sources.length && left > 0; a++) {
            FlatVector v = Flat.of(arguments.get(a).evaluate(batch));
            sources[a] = v;
            for (int i = 0; i < n; i++) {
                if (pick[i] < 0 && !v.isNull(i)) {
                    pick[i] = a;
                    left--;
                }
            }
        }
        return RowPicker.pick(type, sources, pick, n);
    }
}
