package io.shoaldb.exec.operator.join;

import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import java.util.BitSet;

/** The input columns an expression references. */
public final class ExprColumns {
    private ExprColumns() {
    }

    public static BitSet of(Expr e) {
        BitSet out = new BitSet();
        add(e, out);
        return out;
    }

    /** Adds the columns {@code e} references to {@code out}. */
    public static void add(Expr e, BitSet out) {
        if (e instanceof ColumnRef r) {
            out.set(r.index());
        }
        for (Expr child : e.children()) {
            add(child, out);
        }
    }
}
