package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;

/**
 * Set operations as what the executor runs - UNION ALL and hash aggregation - so that they are parallel like any
 * other aggregation:
 * <ul>
 *   <li>UNION (distinct) is an aggregate grouping by every column over the UNION ALL;</li>
 *   <li>INTERSECT and EXCEPT tag each branch's rows with indicator columns, UNION ALL the branches, group by every
 *       column taking the MAX of each indicator, and keep the groups whose indicators say where they came from:
 *       INTERSECT one indicator per branch, all must be 1; EXCEPT one for the first branch (must be 1) and one for
 *       the others (must be 0).</li>
 * </ul>
 * Grouping treats NULLs as equal, which is what set operations require. INTERSECT ALL and EXCEPT ALL (bag
 * semantics; Doris has neither) are NOT_SUPPORTED.
 */
final class SetOperationRewrite {
    private SetOperationRewrite() {
    }

    static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                return switch (visited) {
                    case Union u when !u.all -> distinct(u, builder);
                    case Intersect i -> tagged(i.getInputs(), i.all, "INTERSECT ALL", true, builder);
                    case Minus m -> tagged(m.getInputs(), m.all, "EXCEPT ALL", false, builder);
                    default -> visited;
                };
            }
        });
    }

    private static RelNode distinct(Union union, RelBuilder builder) {
        return builder.push(LogicalUnion.create(union.getInputs(), true)).distinct().build();
    }

    private static RelNode tagged(List<RelNode> inputs, boolean all, String allName, boolean intersect,
                                  RelBuilder builder) {
        if (all) {
            throw ErrorCode.NOT_SUPPORTED.exception(allName);
        }
        int width = inputs.getFirst().getRowType().getFieldCount();
        int indicators = intersect ? inputs.size() : 2;
        for (int branch = 0; branch < inputs.size(); branch++) {
            builder.push(inputs.get(branch));
            List<RexNode> columns = new ArrayList<>(builder.fields());
            for (int j = 0; j < indicators; j++) {
                boolean set = intersect ? j == branch : (j == 0) == (branch == 0);
                columns.add(builder.literal(set ? 1 : 0));
            }
            builder.project(columns);
        }
        builder.union(true, inputs.size());
        List<RelBuilder.AggCall> maxima = new ArrayList<>();
        for (int j = 0; j < indicators; j++) {
            maxima.add(builder.max(builder.field(width + j)));
        }
        builder.aggregate(builder.groupKey(builder.fields().subList(0, width)), maxima);
        List<RexNode> conditions = new ArrayList<>();
        for (int j = 0; j < indicators; j++) {
            boolean wanted = intersect || j == 0;
            conditions.add(builder.equals(builder.field(width + j), builder.literal(wanted ? 1 : 0)));
        }
        builder.filter(conditions);
        builder.project(builder.fields().subList(0, width));
        return builder.build();
    }
}
