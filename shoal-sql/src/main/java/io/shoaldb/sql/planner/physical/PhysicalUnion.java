package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * UNION ALL: the rows of every input, in no particular order. The inputs have exactly the output types (the
 * planner casts a branch that differs). Not a pipeline boundary: the executor runs every input's drivers side by
 * side as the drivers of one pipeline, so the branches run in parallel and the operators above the union (a
 * partial aggregation, a per-task top-N, the exchange) run once per branch driver.
 */
public record PhysicalUnion(List<PhysicalNode> inputs, List<DataType> types) implements PhysicalNode {
    public PhysicalUnion {
        inputs = List.copyOf(inputs);
        types = List.copyOf(types);
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("a union needs two inputs or more");
        }
        for (PhysicalNode in : inputs) {
            if (!in.outputTypes().equals(types)) {
                throw new IllegalArgumentException("union input of types " + in.outputTypes() + ", union " + types);
            }
        }
    }

    @Override
    public List<DataType> outputTypes() {
        return types;
    }
}
