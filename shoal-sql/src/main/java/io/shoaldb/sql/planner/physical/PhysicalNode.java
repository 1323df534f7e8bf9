package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * One operator of a physical plan. Nodes are immutable records; {@link #outputTypes()} is the type of
 * each output column, in order. Everything below a {@link PhysicalExchange} runs once per split (tablet)
 * in parallel; everything above it runs once.
 */
public sealed interface PhysicalNode permits PhysicalScan, PhysicalFilter, PhysicalProject, PhysicalHashAggregate,
        PhysicalSort, PhysicalLimit, PhysicalValues, PhysicalExchange {
    List<DataType> outputTypes();

    List<PhysicalNode> inputs();
}
