package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/** One output column per expression over the input's columns. */
public record PhysicalProject(PhysicalNode input, List<Expr> expressions) implements PhysicalNode {
    public PhysicalProject {
        expressions = List.copyOf(expressions);
    }

    @Override
    public List<DataType> outputTypes() {
        return expressions.stream().map(Expr::type).toList();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
