package io.shoaldb.sql.planner;

import io.shoaldb.sql.planner.physical.expr.And;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.InList;
import io.shoaldb.sql.planner.physical.expr.IsNull;
import io.shoaldb.sql.planner.physical.expr.Like;
import io.shoaldb.sql.planner.physical.expr.Not;
import io.shoaldb.sql.planner.physical.expr.Or;

/**
 * Pushes NOT down into comparisons, IS NULL, IN and LIKE (De Morgan through AND/OR). All rewrites hold
 * under three-valued logic, and they leave filters NOT-free in the common cases so the executor can use its
 * selection-vector fast paths.
 */
final class Negations {
    private Negations() {
    }

    static Expr not(Expr e) {
        return switch (e) {
            case Comparison c -> new Comparison(c.op().negate(), c.left(), c.right());
            case IsNull n -> new IsNull(n.operand(), !n.negated());
            case InList in -> new InList(in.operand(), in.values(), !in.negated());
            case Like l -> new Like(l.operand(), l.pattern(), l.escape(), !l.negated());
            case And a -> new Or(a.terms().stream().map(Negations::not).toList());
            case Or o -> new And(o.terms().stream().map(Negations::not).toList());
            case Not n -> n.operand();
            default -> new Not(e);
        };
    }
}
