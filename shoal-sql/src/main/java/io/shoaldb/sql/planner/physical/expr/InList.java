package io.shoaldb.sql.planner.physical.expr;

import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code operand [NOT] IN (values)}; values are Java objects of the operand's type (see {@link Literal}),
 * possibly null. SQL semantics: no match and a NULL in the list gives NULL, so NOT IN with a NULL is never true.
 */
public record InList(Expr operand, List<Object> values, boolean negated) implements Expr {
    public InList {
        values = Collections.unmodifiableList(new ArrayList<>(values));
    }

    @Override
    public DataType type() {
        return DataType.BOOLEAN;
    }

    @Override
    public List<Expr> children() {
        return List.of(operand);
    }
}
