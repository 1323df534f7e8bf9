package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;

/** An input column: the vector itself when the batch has no selection, else a gathered copy. */
final class ColumnExpression implements VectorExpression {
    private final int index;
    private final DataType type;

    ColumnExpression(int index, DataType type) {
        this.index = index;
        this.type = type;
    }

    int index() {
        return index;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        ColumnVector v = batch.column(index);
        return batch.selection() == null ? v : v.copyPositions(batch.selection(), 0, batch.positionCount());
    }
}
