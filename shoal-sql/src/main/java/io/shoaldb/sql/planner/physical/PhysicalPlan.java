package io.shoaldb.sql.planner.physical;

import java.util.List;

/** A planned query: the operator tree and the result columns it produces (one per root output column). */
public record PhysicalPlan(PhysicalNode root, List<OutputColumn> columns) {
    public PhysicalPlan {
        columns = List.copyOf(columns);
        if (root.outputTypes().size() != columns.size()) {
            throw new IllegalArgumentException("plan root has " + root.outputTypes().size() + " columns, labels "
                    + columns.size());
        }
    }

    /** An indented one-node-per-line rendering, for EXPLAIN and tests. */
    public String explain() {
        StringBuilder sb = new StringBuilder();
        PlanPrinter.print(root, 0, sb);
        return sb.toString();
    }

    /** One node on one line: its operator and keys / expressions, not its inputs. */
    public static String describe(PhysicalNode node) {
        return PlanPrinter.describe(node);
    }
}
