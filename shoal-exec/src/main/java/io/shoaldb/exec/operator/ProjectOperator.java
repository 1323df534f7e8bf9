package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import java.util.List;

/** Evaluates one vector expression per output column; the output has no selection (positions are compacted). */
public final class ProjectOperator implements Operator {
    private final Operator input;
    private final VectorExpression[] expressions;

    public ProjectOperator(Operator input, List<Expr> expressions) {
        this.input = input;
        this.expressions = expressions.stream().map(ExpressionCompiler::compile).toArray(VectorExpression[]::new);
    }

    @Override
    public Batch next() {
        Batch b = input.next();
        if (b == null || Operator.isSignal(b)) {
            return b;
        }
        ColumnVector[] out = new ColumnVector[expressions.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = expressions[i].evaluate(b);
        }
        return new Batch(b.positionCount(), out);
    }

    @Override
    public void close() {
        input.close();
    }
}
