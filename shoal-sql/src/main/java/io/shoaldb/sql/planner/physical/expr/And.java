package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Conjunction of two or more predicates (three-valued). */
public record And(List<Expr> terms) implements Expr {
    public And {
        terms = List.copyOf(terms);
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public List<Expr> children() {
        return terms;
    }
}
