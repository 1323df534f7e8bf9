package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMdSelectivity;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * Selectivity of inner-join equalities from the number of distinct values of their columns, which join ordering
 * (through join row counts) depends on. Calcite's default guesses 0.15 per equality whatever the columns, so a
 * primary-key / foreign-key join of two big tables looks far bigger than a many-to-many join of small ones (TPC-H
 * Q5 joined customer to supplier on their nation before orders and lineitem: tens of millions of rows).
 *
 * <p>The equalities of a join keep {@code 1 / ndv} of the cross product. Without column statistics, distinct values
 * are guessed from the tables: a side whose join columns include its table's first key column is taken as joined
 * on that table's primary key (as many distinct values as the table has rows, unless the side has more rows than
 * the table: a dimension joined below repeats its keys), and when only one side is, the join as primary key to
 * foreign key ({@code ndv} is that side's); when both are, the larger table's first key column is taken as a foreign
 * key to the smaller's (a DUPLICATE KEY table repeats its first key: lineitem's {@code l_orderkey} holds orders'
 * 1.5M values in 6M rows, so lineitem joined to orders keeps lineitem's rows; {@code ndv} is the smaller's). Any
 * other column repeats its values ({@code sqrt(rows)} distinct values, their product for several, at most the side's
 * rows), so a join of two such sides is estimated as the many-to-many join it usually is ({@code ndv} the larger
 * side's). The other conjuncts keep Calcite's guesses.
 *
 * <p>A column compared for equality with a window aggregate over all rows ({@code x = MAX(x) OVER ()}, what
 * {@link ScalarAggregateWindows} makes of a join with a one-row aggregate) keeps the rows of one value, as that join
 * was estimated to: {@code 1 / rows} of the window's input, not Calcite's guess of 0.15. (The class is public because
 * Calcite's generated metadata dispatch calls a handler method that no Calcite class declares through the class
 * that declares it.)
 */
public final class JoinSelectivity extends RelMdSelectivity {
    static final RelMetadataProvider PROVIDER = ChainedRelMetadataProvider.of(List.of(
            ReflectiveRelMetadataProvider.reflectiveSource(new JoinSelectivity(), BuiltInMetadata.Selectivity.Handler.class),
            DefaultRelMetadataProvider.INSTANCE));

    /** The rows a LIKE with a leading wildcard keeps. */
    static final double CONTAINS_SELECTIVITY = 0.05;

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
            } else if (left.key()) {
                // Both sides are on a table's first key column, which a DUPLICATE KEY table repeats: lineitem's
                // l_orderkey against orders' o_orderkey. The larger table's column refers to the smaller table's
                // key and holds no more values than it, so every row of the larger side finds its match.
                ndv = Math.min(left.distinctValues(), right.distinctValues());
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

    /**
     * A filter on a table scan, conjunct by conjunct: ranges on columns whose value ranges are known from those
     * ({@link RangeSelectivity}), the others Calcite's guesses, except that a LIKE whose pattern starts with a
     * wildcard (a word anywhere in the text, TPC-H Q9's {@code p_name LIKE '%green%'}: 5% of part) keeps
     * {@link #CONTAINS_SELECTIVITY} of the rows instead of the 25% of any other predicate, so that the filtered table
     * is seen as the small input it is. Found by Calcite's reflective metadata dispatch.
     */
    public Double getSelectivity(TableScan scan, RelMetadataQuery mq, RexNode predicate) {
        if (predicate == null) {
            return super.getSelectivity((RelNode) scan, mq, predicate);
        }
        List<RexNode> conjuncts = new ArrayList<>(RelOptUtil.conjunctions(predicate));
        double selectivity = RangeSelectivity.estimate(scan, mq, conjuncts);
        for (RexNode conjunct : conjuncts) {
            selectivity *= isContainsLike(conjunct) ? CONTAINS_SELECTIVITY : RelMdUtil.guessSelectivity(conjunct);
        }
        return selectivity;
    }

    private static boolean isContainsLike(RexNode conjunct) {
        return conjunct instanceof RexCall call && call.getKind() == SqlKind.LIKE
                && call.getOperands().get(1) instanceof RexLiteral pattern
                && pattern.getValueAs(String.class) instanceof String text && text.startsWith("%");
    }

    /** Found by Calcite's reflective metadata dispatch, as the most specific handler for a window. */
    public Double getSelectivity(Window window, RelMetadataQuery mq, RexNode predicate) {
        if (predicate == null) {
            return super.getSelectivity((RelNode) window, mq, predicate);
        }
        int width = window.getInput().getRowType().getFieldCount();
        Double rows = mq.getRowCount(window.getInput());
        double selectivity = 1.0;
        for (RexNode conjunct : RelOptUtil.conjunctions(predicate)) {
            selectivity *= equalsWholeWindow(window, width, conjunct) && rows != null
                    ? 1.0 / Math.max(1.0, rows) : RelMdUtil.guessSelectivity(conjunct);
        }
        return selectivity;
    }

    /** Whether {@code conjunct} is an equality of an input column with a window column without PARTITION BY. */
    private static boolean equalsWholeWindow(Window window, int width, RexNode conjunct) {
        if (!(conjunct instanceof RexCall call) || call.getKind() != SqlKind.EQUALS
                || !(uncast(call.getOperands().get(0)) instanceof RexInputRef a)
                || !(uncast(call.getOperands().get(1)) instanceof RexInputRef b)) {
            return false;
        }
        int windowColumn = Math.max(a.getIndex(), b.getIndex());
        if (Math.min(a.getIndex(), b.getIndex()) >= width || windowColumn < width) {
            return false;
        }
        int at = width;
        for (Window.Group group : window.groups) {
            if (windowColumn < at + group.aggCalls.size()) {
                return group.keys.isEmpty();
            }
            at += group.aggCalls.size();
        }
        return false;
    }

    /** A column under a CAST (a window column cast to the nullability of the aggregate it replaced) is that column. */
    private static RexNode uncast(RexNode e) {
        return e instanceof RexCall c && c.getKind() == SqlKind.CAST ? c.getOperands().getFirst() : e;
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
            boolean keyColumn = !t.keyColumns().isEmpty()
                    && t.columns().get(origin.getOriginColumnOrdinal()).name().equalsIgnoreCase(t.keyColumns().get(0));
            if (keyColumn && tableRows >= inputRows) {
                // The table's rows, even under a filter: a filter keeps fewer keys, not fewer values per key.
                keyValues = Math.max(keyValues, tableRows);
            } else if (keyColumn) {
                // The key of a table smaller than the side (a dimension joined in below): repeated, all its values.
                product *= tableRows;
            } else {
                product *= Math.sqrt(tableRows);
            }
        }
        return keyValues > 0 ? new Side(true, keyValues) : new Side(false, Math.min(inputRows, product));
    }
}
