package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.type.DataType;

/**
 * An input column: the vector itself when the batch has no selection, else a gathered copy (of a dictionary vector:
 * its selected ids over the same dictionary).
 */
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
        if (batch.selection() == null) {
            return v;
        }
        if (v instanceof DictionaryVector d) { // gathering the ids is cheaper, and keeps the encoding for consumers
            return d.selectPositions(batch.selection(), 0, batch.positionCount());
        }
        return v.copyPositions(batch.selection(), 0, batch.positionCount());
    }
}
