package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;

/**
 * A compiled scalar expression. {@link #evaluate} returns one value per position of the batch (its
 * {@code positionCount()}, in selection order), as a vector without selection; it may return an input
 * vector unchanged or a {@link io.shoaldb.vector.ConstantVector}. Implementations pick their typed loop
 * when compiled, so there is no per-row dispatch.
 */
public interface VectorExpression {
    DataType type();

    ColumnVector evaluate(Batch batch);
}
