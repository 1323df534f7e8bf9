package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import java.util.List;

/**
 * One side's join key expressions, compiled once by the operator that evaluates them for each of its batches (a
 * prober compiled them again for every probe batch). Not shared between threads: kernels may keep per-batch state.
 */
final class JoinKeys {
    private final VectorExpression[] keys;

    JoinKeys(List<Expr> keys) {
        this.keys = keys.stream().map(ExpressionCompiler::compile).toArray(VectorExpression[]::new);
    }

    /** The keys over a batch: one flat column per key, one row per position. */
    Batch evaluate(Batch batch) {
        ColumnVector[] columns = new ColumnVector[keys.length];
        for (int k = 0; k < columns.length; k++) {
            columns[k] = Flat.of(keys[k].evaluate(batch));
        }
        return new Batch(batch.positionCount(), columns);
    }
}
