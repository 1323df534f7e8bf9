package io.shoaldb.sql.planner;

import io.shoaldb.sql.planner.physical.expr.ConstantFolder;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import java.util.ServiceLoader;

/**
 * Folds function calls and arithmetic over constants into literals while planning, so that
 * {@code l_shipdate <= date '1998-12-01' - interval '90' day} compares a column with a constant (the typed
 * column-constant filter, zone-map pruning). The values come from the executor's kernels through
 * {@link ConstantFolder}; without an executor on the class path nothing is folded.
 */
final class ConstantFolding {
    private static final ConstantFolder FOLDER = ServiceLoader.load(ConstantFolder.class,
            ConstantFolding.class.getClassLoader()).findFirst().orElse(null);

    private ConstantFolding() {
    }

    static Expr fold(Expr e) {
        if (FOLDER == null || e instanceof Literal || !e.children().stream().allMatch(c -> c instanceof Literal)) {
            return e;
        }
        try {
            return FOLDER.fold(e);
        } catch (RuntimeException unfoldable) {
            // Left to run per row, where the same kernel gives the same answer or the same error.
            return e;
        }
    }
}
