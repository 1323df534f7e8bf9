package io.shoaldb.exec.operator;

import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/** All-NULL columns, for outer-join padding and empty scalar subqueries (one constant, not {@code rows} values). */
public final class NullVectors {
    private NullVectors() {
    }

    public static ColumnVector of(DataType type, int rows) {
        VectorBuilder b = VectorBuilder.create(type, 1);
        b.appendNull();
        return new ConstantVector(b.build(), rows);
    }
}
