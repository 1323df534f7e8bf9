package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.PhysicalRepeat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Runs {@link PhysicalRepeat}: each input batch comes out once per grouping set, sharing the input's vectors
 * (and selection): the input columns, the key columns again (a key the set leaves out as one all-NULL constant
 * vector), and the set's constants as constant vectors - no row is copied.
 */
public final class RepeatOperator implements Operator {
    private final Operator input;
    private final PhysicalRepeat node;
    private final List<DataType> inputTypes;
    private final boolean[][] nulled;
    private final FlatVector[][] constants;
    private Batch current;
    private int nextSet;

    public RepeatOperator(Operator input, PhysicalRepeat node) {
        this.input = input;
        this.node = node;
        this.inputTypes = node.input().outputTypes();
        this.nulled = new boolean[node.sets().size()][node.keyColumns().size()];
        for (int s = 0; s < node.sets().size(); s++) {
            for (int k = 0; k < node.keyColumns().size(); k++) {
                nulled[s][k] = !node.sets().get(s).contains(k);
            }
        }
        this.constants = new FlatVector[node.sets().size()][node.constantColumns()];
        for (int s = 0; s < node.sets().size(); s++) {
            for (int i = 0; i < node.constantColumns(); i++) {
                VectorBuilder value = VectorBuilder.create(DataType.BIGINT, 1);
                value.appendObject(node.constants().get(s).get(i));
                constants[s][i] = value.build();
            }
        }
    }

    @Override
    public Batch next() {
        if (current == null || nextSet == nulled.length) {
            Batch b = input.next();
            if (b == null || Operator.isSignal(b)) {
                return b;
            }
            current = b;
            nextSet = 0;
        }
        int set = nextSet++;
        int rows = current.rowCount();
        List<Integer> keys = node.keyColumns();
        int width = inputTypes.size();
        ColumnVector[] columns = new ColumnVector[width + keys.size() + constants[set].length];
        for (int c = 0; c < width; c++) {
            columns[c] = current.column(c);
        }
        for (int k = 0; k < keys.size(); k++) {
            int column = keys.get(k);
            columns[width + k] = nulled[set][k] ? NullVectors.of(inputTypes.get(column), rows) : current.column(column);
        }
        for (int i = 0; i < constants[set].length; i++) {
            columns[width + keys.size() + i] = new ConstantVector(constants[set][i], rows);
        }
        Batch out = new Batch(rows, columns);
        return current.selection() == null ? out : out.withSelection(current.selection(), current.positionCount());
    }

    @Override
    public void close() {
        current = null;
        input.close();
    }
}
