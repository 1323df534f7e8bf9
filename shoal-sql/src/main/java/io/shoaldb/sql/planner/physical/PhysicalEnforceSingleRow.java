package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A scalar subquery's guard: passes through at most one row; a second row fails the query with Doris's
 * error 1242 "Subquery returns more than 1 row". No rows gives one row of NULLs (a scalar subquery over
 * nothing is NULL).
 */
public record PhysicalEnforceSingleRow(PhysicalNode input) implements PhysicalNode {
    @Override
    public List<DataType> outputTypes() {
        return input.outputTypes();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
