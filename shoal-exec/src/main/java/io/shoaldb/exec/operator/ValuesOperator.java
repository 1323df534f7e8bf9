package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import java.util.List;

/** Constant rows as one batch. */
public final class ValuesOperator implements Operator {
    private final PhysicalValues node;
    private boolean done;

    public ValuesOperator(PhysicalValues node) {
        this.node = node;
    }

    @Override
    public Batch next() {
        if (done || node.rows().isEmpty()) {
            done = true;
            return null;
        }
        done = true;
        BatchBuilder b = new BatchBuilder(node.types(), node.rows().size());
        for (List<Object> row : node.rows()) {
            b.appendRow(row.toArray());
        }
        return b.build();
    }

    @Override
    public void close() {
        done = true;
    }
}
