package io.shoaldb.exec.operator;

import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.DictionaryVector;
import io.shoaldb.vector.VectorBuilder;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Evaluates one vector expression per output column.
 * <p>An input batch whose selection keeps most of its rows (a scan filter such as TPC-H Q1's ship date keeps 98%) is
 * evaluated over all its rows and the output keeps the selection: gathering the selected rows of every column read
 * cost more than computing the few rows nobody asked for. This is done only for expressions made of columns,
 * literals, arithmetic, casts, comparisons and boolean logic - kernels that turn any value into a value or NULL,
 * cheaply - so the unselected rows cost no function calls.
 * <p>Otherwise the output has no selection (positions are compacted): each column reference gathers the selected
 * rows of its column; when an input column is referenced more than once (TPC-H Q1 reads l_extendedprice in four
 * outputs), the selected rows of every referenced column are gathered once per batch instead, and the expressions
 * evaluate over that compact batch. A computed subexpression several outputs hold is evaluated once per batch.
 */
public final class ProjectOperator implements Operator {
    private final Operator input;
    private final VectorExpression[] expressions;
    /** Input columns the expressions read, when one of them is read more than once; else null. */
    private final boolean[] gatherOnce;
    private final DenseEvaluation dense;

    public ProjectOperator(Operator input, List<Expr> expressions) {
        this.input = input;
        this.expressions = ExpressionCompiler.compileSharing(expressions).toArray(VectorExpression[]::new);
        this.gatherOnce = sharedColumns(expressions);
        this.dense = DenseEvaluation.of(expressions);
    }

    @Override
    public Batch next() {
        Batch b = input.next();
        if (b == null || Operator.isSignal(b)) {
            return b;
        }
        int[] selection = b.selection();
        if (selection != null && dense.worthIt(b)) {
            Batch all = dense.unselected(b);
            ColumnVector[] out = new ColumnVector[expressions.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = expressions[i].evaluate(all);
            }
            return new Batch(all.rowCount(), out).withSelection(selection, b.positionCount());
        }
        if (gatherOnce != null && selection != null) {
            b = gathered(b);
        }
        ColumnVector[] out = new ColumnVector[expressions.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = expressions[i].evaluate(b);
        }
        return new Batch(b.positionCount(), out);
    }

    /** The selected rows of the columns read, without a selection; columns not read are NULL placeholders. */
    private Batch gathered(Batch b) {
        int n = b.positionCount();
        int[] selection = b.selection();
        ColumnVector[] columns = new ColumnVector[b.columnCount()];
        for (int c = 0; c < columns.length; c++) {
            ColumnVector v = b.column(c);
            if (c < gatherOnce.length && gatherOnce[c]) {
                columns[c] = v instanceof DictionaryVector d ? d.selectPositions(selection, 0, n)
                        : v.copyPositions(selection, 0, n);
            } else {
                VectorBuilder none = VectorBuilder.create(v.type(), 1);
                none.appendNull();
                columns[c] = new ConstantVector(none.build(), n);
            }
        }
        return new Batch(n, columns);
    }

    /** Which input columns the expressions reference, or null when none is referenced more than once. */
    private static boolean[] sharedColumns(List<Expr> expressions) {
        int[] references = new int[0];
        Deque<Expr> pending = new ArrayDeque<>(expressions);
        boolean shared = false;
        while (!pending.isEmpty()) {
            Expr e = pending.pop();
            if (e instanceof ColumnRef ref) {
                if (ref.index() >= references.length) {
                    references = java.util.Arrays.copyOf(references, ref.index() + 1);
                }
                shared |= ++references[ref.index()] > 1;
            }
            pending.addAll(e.children());
        }
        if (!shared) {
            return null;
        }
        boolean[] read = new boolean[references.length];
        for (int c = 0; c < read.length; c++) {
            read[c] = references[c] > 0;
        }
        return read;
    }

    @Override
    public void close() {
        input.close();
    }
}
