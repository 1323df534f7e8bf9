package io.shoaldb.exec.operator;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/** A scalar subquery's value: its one row, one row of NULLs when it has none, error 1242 when it has more. */
public final class EnforceSingleRowOperator implements Operator {
    private final Operator input;
    private final List<DataType> types;
    private Batch row;
    private boolean done;

    public EnforceSingleRowOperator(Operator input, List<DataType> types) {
        this.input = input;
        this.types = types;
    }

    @Override
    public Batch next() {
        if (done) {
            return null;
        }
        for (Batch b = input.next(); b != null; b = input.next()) {
            if (Operator.isSignal(b)) {
                return b;
            }
            if (row != null || b.positionCount() > 1) {
                throw ErrorCode.SUBQUERY_MORE_THAN_ONE_ROW.exception();
            }
            row = b;
        }
        done = true;
        input.close();
        return row != null ? row : nulls(types, 1);
    }

    private static Batch nulls(List<DataType> types, int rows) {
        ColumnVector[] columns = new ColumnVector[types.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = NullVectors.of(types.get(i), rows);
        }
        return new Batch(rows, columns);
    }

    @Override
    public void close() {
        input.close();
    }
}
