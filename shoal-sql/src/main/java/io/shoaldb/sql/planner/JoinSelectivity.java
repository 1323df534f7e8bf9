package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMdSelectivity;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * Selectivity of inner-join equalities from the number of distinct values of their columns, which join ordering
 * (through join row counts) depends on. Calcite's default guesses 0.15 per equality whatever the columns, so a
 * primary-key / foreign-key join of two big tables looks far bigger than a many-to-many join of small ones (TPC-H
 * Q5 joined customer to supplier on their nation before orders and lineitem: tens of millions of rows).
 *
 * <p>{@code a = b} keeps {@code 1 / max(ndv(a), ndv(b))} of the cross product. Without column statistics the
 * distinct values of a column are guessed from its table: the first key column is taken as the table's primary
 * key (as many distinct values as rows); any other column as repeating its values ({@code sqrt(rows)} distinct
 * values), so a join on two such columns is estimated as the many-to-many join it usually is. Neither guess ever
 * exceeds the rows of the join input. Other conjuncts keep Calcite's guesses.
 */
final class JoinSelectivity extends RelMdSelectivity {
    static final RelMetadataProvider PROVIDER = ChainedRelMetadataProvider.of(List.of(
            ReflectiveRelMetadataProvider.reflectiveSource(new JoinSelectivity(), BuiltInMetadata.Selectivity.Handler.class),
            DefaultRelMetadataProvider.INSTANCE));

    private JoinSelectivity() {
    }

    @Override
    public Double getSelectivity(Join join, RelMetadataQuery mq, RexNode predicate) {
        if (join.getJoinType() != JoinRelType.INNER || predicate == null) {
            return super.getSelectivity(join, mq, predicate);
        }
        RelNode left = join.getLeft();
        RelNode right = join.getRight();
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        RexNode rest = RelOptUtil.splitJoinCondition(left, right, predicate, leftKeys, rightKeys, filterNulls);
        double selectivity = 1.0;
        for (int i = 0; i < leftKeys.size(); i++) {
            double ndv = Math.max(distinctValues(mq, left, leftKeys.get(i)), distinctValues(mq, right, rightKeys.get(i)));
            selectivity /= Math.max(1.0, ndv);
        }
        if (!rest.isAlwaysTrue()) {
            selectivity *= RelMdUtil.guessSelectivity(RexUtil.composeConjunction(join.getCluster().getRexBuilder(),
                    RelOptUtil.conjunctions(rest)));
        }
        return selectivity;
    }

    /** Guessed distinct values of one output column of {@code rel} (see the class comment). */
    private static double distinctValues(RelMetadataQuery mq, RelNode rel, int column) {
        Double rows = mq.getRowCount(rel);
        double inputRows = rows == null ? TableStatistics.UNKNOWN_ROWS : Math.max(1.0, rows);
        RelColumnOrigin origin = mq.getColumnOrigin(rel, column);
        CatalogTable table = origin == null || origin.isDerived() ? null : origin.getOriginTable().unwrap(CatalogTable.class);
        if (table == null) {
            // An aggregate's key, an expression: nothing known, so as for a key.
            return inputRows;
        }
        double tableRows = table.getStatistic().getRowCount();
        Table t = table.table();
        boolean key = !t.keyColumns().isEmpty()
                && t.columns().get(origin.getOriginColumnOrdinal()).name().equalsIgnoreCase(t.keyColumns().get(0));
        return Math.min(inputRows, key ? tableRows : Math.sqrt(tableRows));
    }
}
