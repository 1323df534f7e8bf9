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

/**
 * Selectivity of inner-join equalities from the number of distinct values of their columns, which join ordering
 * (through join row counts) depends on. Calcite's default guesses 0.15 per equality whatever the columns, so a
 * primary-key / foreign-key join of two big tables looks far bigger than a many-to-many join of small ones (TPC-H
 * Q5 joined customer to supplier on their nation before orders and lineitem: tens of millions of rows).
 *
 * <p>The equalities of a join keep {@code 1 / ndv} of the cross product. Without column statistics, distinct values
 * are guessed from the tables: a side whose join columns include its table's first key column is taken as joined
 * on that table's primary key (as many distinct values as the table has rows), and when only one side is, the
 * join as primary key to foreign key ({@code ndv} is that side's); any other column repeats its values
 * ({@code sqrt(rows)} distinct values, their product for several, at most the side's rows), so a join of two such
 * sides is estimated as the many-to-many join it usually is ({@code ndv} the larger side's). The other conjuncts
 * keep Calcite's guesses.
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
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        RexNode rest = RelOptUtil.splitJoinCondition(join.getLeft(), join.getRight(), predicate, leftKeys, rightKeys,
                new ArrayList<>());
        double selectivity = 1.0;
        if (!leftKeys.isEmpty()) {
            Side left = side(mq, join.getLeft(), leftKeys);
            Side right = side(mq, join.getRight(), rightKeys);
            double ndv;
            if (left.key() != right.key()) {
                // Primary key to foreign key: every row of the other side finds its one match, if not filtered away.
                ndv = left.key() ? left.distinctValues() : right.distinctValues();
            } else {
                ndv = Math.max(left.distinctValues(), right.distinctValues());
            }
            selectivity = 1.0 / Math.max(1.0, ndv);
        }
        if (!rest.isAlwaysTrue()) {
            selectivity *= RelMdUtil.guessSelectivity(rest);
        }
        return selectivity;
    }

    /** One side's join columns: whether they hold a (guessed) key, and their guessed distinct combinations. */
    private record Side(boolean key, double distinctValues) {
    }

    private static Side side(RelMetadataQuery mq, RelNode rel, List<Integer> columns) {
        Double rows = mq.getRowCount(rel);
        double inputRows = rows == null ? TableStatistics.UNKNOWN_ROWS : Math.max(1.0, rows);
        double keyValues = 0;
        double product = 1.0;
        for (int column : columns) {
            RelColumnOrigin origin = mq.getColumnOrigin(rel, column);
            CatalogTable table = origin == null || origin.isDerived() ? null
                    : origin.getOriginTable().unwrap(CatalogTable.class);
            if (table == null) {
                // An aggregate's key, an expression: nothing known, taken as distinct.
                keyValues = Math.max(keyValues, inputRows);
                continue;
            }
            double tableRows = table.getStatistic().getRowCount();
            Table t = table.table();
            if (!t.keyColumns().isEmpty()
                    && t.columns().get(origin.getOriginColumnOrdinal()).name().equalsIgnoreCase(t.keyColumns().get(0))) {
                // The table's rows, even under a filter: a filter keeps fewer keys, not fewer values per key.
                keyValues = Math.max(keyValues, tableRows);
            } else {
                product *= Math.sqrt(tableRows);
            }
        }
        return keyValues > 0 ? new Side(true, keyValues) : new Side(false, Math.min(inputRows, product));
    }
}
