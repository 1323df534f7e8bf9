package io.shoaldb.exec.expr.function.json;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/**
 * The vector kernel of every JSON accessor: the document argument evaluated per batch, the accessor (path
 * compiled once) applied per row. NULL document, missing path or unreadable value give NULL; a path that
 * is not a path gives NULL for every row ({@code accessor == null}).
 */
final class JsonExtractExpression implements VectorExpression {
    private final VectorExpression document;
    private final JsonAccessor accessor;
    private final JsonResult result;
    private final DataType type;
    private final JsonResult.Scratch scratch = new JsonResult.Scratch();

    JsonExtractExpression(VectorExpression document, JsonAccessor accessor, JsonResult result, DataType type) {
        this.document = document;
        this.accessor = accessor;
        this.result = result;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        VectorBuilder out = VectorBuilder.create(type, n);
        if (accessor == null) {
            for (int i = 0; i < n; i++) {
                out.appendNull();
            }
            return out.build();
        }
        BytesVector docs = (BytesVector) Flat.of(document.evaluate(batch));
        byte[] data = docs.data();
        for (int i = 0; i < n; i++) {
            if (!docs.isNull(i) && accessor.read(data, docs.offset(i), docs.length(i), scratch)) {
                result.append(scratch, out);
            } else {
                out.appendNull();
            }
        }
        return out.build();
    }
}
