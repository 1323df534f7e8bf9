package io.shoaldb.exec.operator;

import io.shoaldb.sql.planner.physical.expr.And;
import io.shoaldb.sql.planner.physical.expr.Arithmetic;
import io.shoaldb.sql.planner.physical.expr.Cast;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.IsNull;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.sql.planner.physical.expr.Not;
import io.shoaldb.sql.planner.physical.expr.Or;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.PhysicalType;
import java.util.List;

/**
 * When a projection evaluates a batch with a selection over all of its rows instead of gathering the selected ones
 * (see {@link ProjectOperator}): for cheap expressions (columns, literals, arithmetic, casts, comparisons, boolean
 * logic) when the selection keeps at least {@link #DENSE_SHARE_PERCENT}% of the rows. A sparse selection is
 * gathered even for plain columns: operators above do some work per row of the vectors (a join's probe view, a
 * placeholder column), which a batch of a few selected rows in 8,192 would pay for every unselected row.
 */
final class DenseEvaluation {
    /**
     * Gathering costs one copy per selected row and column read, dense evaluation one kernel step per unselected
     * row and operator: above this share the unselected rows are the cheaper side for Q1's seven-operator projection.
     */
    static final int DENSE_SHARE_PERCENT = 75;

    private final boolean cheap;

    private DenseEvaluation(boolean cheap) {
        this.cheap = cheap;
    }

    static DenseEvaluation of(List<Expr> expressions) {
        return new DenseEvaluation(expressions.stream().allMatch(DenseEvaluation::cheap));
    }

    /**
     * Kernels that map every value to a value or NULL in a typed loop, with no function calls per row (casts from
     * text parse each value, so they are not counted in).
     */
    private static boolean cheap(Expr e) {
        boolean node = e instanceof ColumnRef || e instanceof Literal || e instanceof Arithmetic
                || e instanceof Cast c && PhysicalType.of(c.operand().type()) != PhysicalType.BYTES
                || e instanceof Comparison || e instanceof And || e instanceof Or || e instanceof Not
                || e instanceof IsNull;
        return node && e.children().stream().allMatch(DenseEvaluation::cheap);
    }

    /** Whether the selected batch {@code b} is to be evaluated over all its rows. */
    boolean worthIt(Batch b) {
        return cheap && (long) b.positionCount() * 100 >= (long) b.rowCount() * DENSE_SHARE_PERCENT;
    }

    /** The same vectors without the selection. */
    Batch unselected(Batch b) {
        ColumnVector[] columns = new ColumnVector[b.columnCount()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = b.column(c);
        }
        return new Batch(b.rowCount(), columns);
    }
}
