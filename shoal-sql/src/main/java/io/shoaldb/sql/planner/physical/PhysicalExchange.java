package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * The boundary between parallel and single execution. GATHER: the input runs as one task per split (tablet)
 * and all their batches flow, in no particular order, into the single consumer above. Later kinds
 * (hash repartition, broadcast) will carry partitioned joins and aggregations.
 */
public record PhysicalExchange(PhysicalNode input, Kind kind) implements PhysicalNode {
    public enum Kind { GATHER }

    @Override
    public List<DataType> outputTypes() {
        return input.outputTypes();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
