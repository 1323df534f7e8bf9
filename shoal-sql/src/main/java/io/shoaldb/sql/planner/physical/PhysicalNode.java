package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * One operator of a physical plan. Nodes are immutable records; {@link #outputTypes()} is the type of
 * each output column, in order. Exchanges and join build sides cut the tree into
 * pipelines; each pipeline runs as several drivers in parallel (see {@link PhysicalExchange}).
 */
public sealed interface PhysicalNode permits PhysicalScan, PhysicalFilter, PhysicalProject, PhysicalHashAggregate,
        PhysicalSort, PhysicalLimit, PhysicalValues, PhysicalExchange, PhysicalHashJoin, PhysicalEnforceSingleRow,
        PhysicalUnion, PhysicalRepeat, PhysicalWindow {
    List<DataType> outputTypes();

    List<PhysicalNode> inputs();
}
