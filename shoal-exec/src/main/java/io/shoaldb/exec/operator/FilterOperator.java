package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;

/** Narrows each input batch's selection to the rows where the condition is TRUE; never copies values. */
public final class FilterOperator implements Operator {
    private final Operator input;
    private final FilterExpression filter;

    public FilterOperator(Operator input, Expr condition) {
        this.input = input;
        this.filter = ExpressionCompiler.compileFilter(condition);
    }

    @Override
    public Batch next() {
        for (int i = 0; i < INPUT_BATCHES_PER_CALL; i++) {
            Batch b = input.next();
            if (b == null || Operator.isSignal(b)) {
                return b;
            }
            int[] rows = b.selection() != null ? b.selection().clone() : Flat.identity(b.rowCount());
            int n = filter.filter(b, rows, b.positionCount(), rows);
            if (n > 0) {
                return b.withSelection(rows, n);
            }
        }
        return YIELD;
    }

    @Override
    public void close() {
        input.close();
    }
}
