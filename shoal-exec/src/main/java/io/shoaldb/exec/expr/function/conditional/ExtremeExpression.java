package io.shoaldb.exec.expr.function.conditional;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.exec.operator.KeyComparator;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * LEAST / GREATEST: per row, the argument that sorts first / last (text by its UTF-8 bytes, as every comparison);
 * NULL as soon as one argument is NULL there, as in Doris. The planner has cast every argument to the result type,
 * so one comparison of same-typed vectors serves all types.
 */
final class ExtremeExpression implements VectorExpression {
    private final List<VectorExpression> arguments;
    private final DataType type;
    private final boolean greatest;

    ExtremeExpression(List<VectorExpression> arguments, DataType type, boolean greatest) {
        this.arguments = arguments;
        this.type = type;
        this.greatest = greatest;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector[] sources = new FlatVector[arguments.size()];
        int[] pick = new int[n];
        for (int a = 0; a < sources.length; a++) {
            FlatVector v = Flat.of(arguments.get(a).evaluate(batch));
            sources[a] = v;
            for (int i = 0; i < n; i++) {
                if (v.isNull(i)) {
                    pick[i] = -1;
                } else if (a > 0 && pick[i] >= 0) {
                    int c = KeyComparator.compareValues(v, i, sources[pick[i]], i);
                    if (greatest ? c > 0 : c < 0) {
                        pick[i] = a;
                    }
                }
            }
        }
        return RowPicker.pick(type, sources, pick, n);
    }
}
