package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;

/**
 * A subexpression several expressions of one operator share (see {@link ExpressionCompiler#compileSharing}): its
 * value is computed for the first of them to ask for a batch and handed to the others. Vectors are immutable, so the
 * sharers cannot disturb each other. Like every kernel it is used by one thread at a time.
 */
final class OncePerBatch implements VectorExpression {
    private final VectorExpression inner;
    private Batch last;
    private ColumnVector value;

    OncePerBatch(VectorExpression inner) {
        this.inner = inner;
    }

    @Override
    public DataType type() {
        return inner.type();
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        if (batch != last) {
            value = inner.evaluate(batch);
            last = batch;
        }
        return value;
    }
}
