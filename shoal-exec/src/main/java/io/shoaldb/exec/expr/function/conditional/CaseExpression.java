package io.shoaldb.exec.expr.function.conditional;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;
import java.util.List;

/**
 * {@code CASE WHEN c1 THEN v1 ... ELSE e END} (also IF): each row takes the value of the first condition that
 * is TRUE (NULL and FALSE both fall through), else the ELSE value. Conditions and values are evaluated over
 * the whole batch - our kernels have no side effects and give NULL rather than failing - and the result is
 * gathered in one typed pass.
 */
final class CaseExpression implements VectorExpression {
    private final List<VectorExpression> conditions;
    private final List<VectorExpression> values;
    private final DataType type;

    /** {@code values} has one more element than {@code conditions}: the ELSE value. */
    CaseExpression(List<VectorExpression> conditions, List<VectorExpression> values, DataType type) {
        this.conditions = conditions;
        this.values = values;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        int elseBranch = conditions.size();
        int[] pick = new int[n];
        Arrays.fill(pick, elseBranch);
        int undecided = n;
        for (int c = 0; c < conditions.size() && undecided > 0; c++) {
            FlatVector v = Flat.of(conditions.get(c).evaluate(batch));
            int[] bits = ((IntVector) v).values();
            for (int i = 0; i < n; i++) {
                if (pick[i] == elseBranch && bits[i] != 0 && !v.isNull(i)) {
                    pick[i] = c;
                    undecided--;
                }
            }
        }
        FlatVector[] sources = new FlatVector[values.size()];
        boolean[] used = new boolean[values.size()];
        for (int i = 0; i < n; i++) {
            used[pick[i]] = true;
        }
        for (int s = 0; s < sources.length; s++) {
            sources[s] = used[s] ? Flat.of(values.get(s).evaluate(batch)) : null;
        }
        return RowPicker.pick(type, sources, pick, n);
    }
}
