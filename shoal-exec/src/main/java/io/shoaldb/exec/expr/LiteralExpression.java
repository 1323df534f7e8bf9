package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/** A constant, as a {@link ConstantVector} of the batch's size (no per-row copy). */
final class LiteralExpression implements VectorExpression {
    private final DataType type;
    private final Object value;
    private final FlatVector single;

    LiteralExpression(DataType type, Object value) {
        this.type = type;
        this.value = value;
        VectorBuilder b = VectorBuilder.create(type, 1);
        b.appendObject(value);
        this.single = b.build();
    }

    Object value() {
        return value;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        return new ConstantVector(single, batch.positionCount());
    }
}
