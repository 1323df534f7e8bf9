package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.KeysType;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateFunction;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalFilter;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalLimit;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.PhysicalSort;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.sql.planner.physical.ScanColumn;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.sql.planner.physical.expr.Call;
import io.shoaldb.sql.planner.physical.expr.Cast;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.sql.planner.physical.expr.ValueCasts;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalEnforceSingleRow;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import io.shoaldb.sql.planner.physical.PhysicalUnion;
import io.shoaldb.sql.planner.physical.PhysicalRepeat;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Optimised Calcite plan to physical plan. Besides the one-to-one node mapping it does three jobs:
 * <ul>
 *   <li>column pruning: a scan reads only the columns its consumers use (a filter-only column is read but
 *       not returned), and a projection of plain columns folds into the scan;</li>
 *   <li>scan predicates: a filter right above a table scan becomes the scan's filter plus a zone-map hint;</li>
 *   <li>parallelism: the first blocking operator above the per-tablet part gets an exchange - aggregation
 *       splits into PARTIAL (per task) and FINAL, ORDER BY ... LIMIT into a per-task top-N and a final one,
 *       LIMIT into a per-task limit and a final one.</li>
 * </ul>
 * Joins will slot in as another case of {@link #translate} with exchanges on both inputs.
 */
final class PhysicalTranslator {
    /**
     * Builds of at most this many estimated rows stay broadcast even where a colocated join is possible: their
     * runtime filter's IN list (up to 1024 keys) can prune the probe scan, which a colocated join does not filter.
     */
    static final double COLOCATE_MIN_BUILD_ROWS = 1024;
    private final RexBuilder rexBuilder;
    /** How many times the rows of its preserved side a semi/anti join's other side must have to be probed. */
    static final double PRESERVED_SIDE_BUILD_RATIO = 2;
    private final long broadcastRowLimit;

    PhysicalTranslator(RexBuilder rexBuilder, long broadcastRowLimit) {
        this.rexBuilder = rexBuilder;
        this.broadcastRowLimit = broadcastRowLimit;
    }

    /**
     * A translated subtree; {@code parallel} when it runs once per tablet (no exchange above it yet);
     * {@code bucketed} (null = not known) when its drivers can hold whole buckets of a hash-distributed table.
     */
    record Translated(PhysicalNode node, boolean parallel, BucketDistribution bucketed) {
        Translated(PhysicalNode node, boolean parallel) {
            this(node, parallel, null);
        }
    }

    /** A translated input with the position of each Calcite input field among its outputs (-1: pruned). */
    private record Input(Translated translated, int[] mapping) {
        List<DataType> types() {
            return translated.node().outputTypes();
        }
    }

    /** The whole plan, gathered into one stream at the top. */
    PhysicalNode translateRoot(RelNode rel) {
        Translated t = translate(rel);
        return t.parallel() ? new PhysicalExchange(t.node(), PhysicalExchange.Kind.GATHER) : t.node();
    }

    Translated translate(RelNode rel) {
        return switch (rel) {
            case TableScan scan -> input(scan, ImmutableBitSet.range(scan.getRowType().getFieldCount())).translated();
            case Filter filter when filter.getInput() instanceof TableScan ->
                    input(filter, ImmutableBitSet.range(filter.getRowType().getFieldCount())).translated();
            case Filter filter -> {
                Translated in = translate(filter.getInput());
                Expr condition = rex(in.node().outputTypes(), identity(in.node()), filter.getCondition());
                yield new Translated(new PhysicalFilter(in.node(), condition), in.parallel(), in.bucketed());
            }
            case Project project -> project(project);
            case Aggregate aggregate -> aggregate(aggregate);
            case Sort sort -> sort(sort);
            case Values values -> values(values);
            case Join join -> join(join);
            case Union union when union.all -> union(union);
            case Window window -> window(window, ImmutableBitSet.range(window.getRowType().getFieldCount())).translated();
            default -> throw ErrorCode.NOT_SUPPORTED.exception(describe(rel));
        };
    }

    private static String describe(RelNode rel) {
        String name = rel.getRelTypeName().replace("Logical", "");
        return switch (name) {
            case "Join", "Correlate" -> "joins";
            case "Union", "Intersect", "Minus" -> "set operations";
            case "Window" -> "window functions";
            default -> "the operator " + name;
        };
    }

    // ---- scans and pruning ----

    /**
     * {@code rel} translated so that at least the {@code required} fields are produced. A (filtered) table
     * scan produces exactly those; anything else produces all its fields.
     */
    private Input input(RelNode rel, ImmutableBitSet required) {
        return input(rel, required, false);
    }

    /**
     * As {@link #input(RelNode, ImmutableBitSet)}; {@code rowsOnly}: the caller (an aggregation) counts rows and
     * reads nothing else when {@code required} is empty, so an unfiltered scan of a DUPLICATE table reads no column
     * at all - its batches carry the pages' row counts, taken from the segments' footers (COUNT(*) of a table
     * decodes nothing). A merge-on-read table must still read its keys to collapse them.
     */
    private Input input(RelNode rel, ImmutableBitSet required, boolean rowsOnly) {
        if (rel instanceof Window window) {
            return window(window, required);
        }
        TableScan scan = rel instanceof TableScan s ? s
                : rel instanceof Filter f && f.getInput() instanceof TableScan s ? s : null;
        if (scan == null) {
            Translated t = translate(rel);
            return new Input(t, identity(t.node()));
        }
        SystemTableAdapter system = scan.getTable().unwrap(SystemTableAdapter.class);
        if (system != null) {
            return systemScan(system.table(), rel instanceof Filter f ? f.getCondition() : null);
        }
        CatalogTable catalogTable = scan.getTable().unwrap(CatalogTable.class);
        if (catalogTable == null) {
            throw ErrorCode.INTERNAL_ERROR.exception("scan of a table outside the catalog: " + scan.getTable());
        }
        Table table = catalogTable.table();
        RexNode condition = rel instanceof Filter f ? f.getCondition() : null;
        TreeSet<Integer> read = new TreeSet<>(required.asList());
        if (condition != null) {
            read.addAll(RelOptUtil.InputFinder.bits(condition).asList());
        }
        boolean countsOnly = read.isEmpty() && condition == null && rowsOnly && table.keysType() == KeysType.DUPLICATE;
        if (read.isEmpty() && !countsOnly) {
            // Row counts of a merged table, or rows for a parent that may need more than their number: read the
            // narrowest thing there is, the first key.
            read.add(0);
        }
        List<ScanColumn> columns = new ArrayList<>();
        int[] fieldToRead = new int[table.columns().size()];
        Arrays.fill(fieldToRead, -1);
        for (int field : read) {
            Column c = table.columns().get(field);
            fieldToRead[field] = columns.size();
            columns.add(new ScanColumn(field, c.name(), c.type()));
        }
        List<DataType> readTypes = columns.stream().map(ScanColumn::type).toList();
        Expr filter = condition == null ? null : rex(readTypes, fieldToRead, condition);
        List<Integer> outputs = new ArrayList<>();
        int[] mapping = new int[table.columns().size()];
        Arrays.fill(mapping, -1);
        for (int field : required.asList()) {
            mapping[field] = outputs.size();
            outputs.add(fieldToRead[field]);
        }
        if (outputs.isEmpty() && !countsOnly) {
            outputs.add(0);
        }
        PhysicalScan physical = new PhysicalScan(table.id(), catalogTable.database(), table.name(), columns,
                ScanPredicates.derive(filter, columns), filter, outputs);
        return new Input(new Translated(physical, true, bucketed(table, mapping)), mapping);
    }

    /**
     * The bucket property of a scan of {@code table} whose field f is output {@code mapping[f]}: known when the table
     * is hash-distributed over two buckets or more (one bucket would leave a colocated step one driver) and every
     * distribution column is an output.
     */
    private static BucketDistribution bucketed(Table table, int[] mapping) {
        if (!table.distribution().hash() || table.tablets().size() < 2) {
            return null;
        }
        List<Integer> columns = new ArrayList<>();
        for (String name : table.distribution().columns()) {
            int field = table.columnIndex(name);
            if (field < 0 || mapping[field] < 0) {
                return null;
            }
            columns.add(mapping[field]);
        }
        return BucketDistribution.of(table.tablets().size(), columns);
    }

    /**
     * A system table's rows as they are now, as constant rows (filtered when the query says so): they are few, and
     * taking them here, once per planning, gives every query one consistent view of the server's state.
     */
    private Input systemScan(SystemTable table, RexNode condition) {
        List<DataType> types = table.columns().stream().map(SystemColumn::type).toList();
        PhysicalNode node = new PhysicalValues(types, table.rows());
        if (condition != null) {
            node = new PhysicalFilter(node, rex(types, identity(node), condition));
        }
        return new Input(new Translated(node, false), identity(node));
    }

    private Translated project(Project project) {
        ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
        Input in = input(project.getInput(), used);
        List<Expr> exprs = new ArrayList<>();
        for (RexNode p : project.getProjects()) {
            exprs.add(rex(in.types(), in.mapping(), p));
        }
        PhysicalNode child = in.translated().node();
        boolean plainColumns = exprs.stream().allMatch(e -> e instanceof ColumnRef);
        BucketDistribution bucketed = projected(in.translated().bucketed(), exprs);
        if (plainColumns && child instanceof PhysicalScan scan) {
            // A projection of plain columns is just a different choice of scan outputs.
            List<Integer> outputs = exprs.stream().map(e -> scan.outputs().get(((ColumnRef) e).index())).toList();
            return new Translated(new PhysicalScan(scan.tableId(), scan.database(), scan.table(), scan.columns(),
                    scan.pushed(), scan.filter(), outputs, scan.byBucket()), true, bucketed);
        }
        if (plainColumns && isIdentity(exprs, child.outputTypes().size())) {
            return in.translated();
        }
        return new Translated(new PhysicalProject(child, exprs), in.translated().parallel(), bucketed);
    }

    /**
     * A bucket property through a projection: each bucket column must be projected as it is (or widened to another
     * integer type, as a join key to a wider integer is: its value, and so its bucket, is the same).
     */
    private static BucketDistribution projected(BucketDistribution bucketed, List<Expr> exprs) {
        if (bucketed == null) {
            return null;
        }
        return bucketed.map(column -> {
            for (int j = 0; j < exprs.size(); j++) {
                if (BucketDistribution.column(exprs.get(j)) == column) {
                    return j;
                }
            }
            return -1;
        });
    }

    private static boolean isIdentity(List<Expr> exprs, int inputWidth) {
        if (exprs.size() != inputWidth) {
            return false;
        }
        for (int i = 0; i < exprs.size(); i++) {
            if (((ColumnRef) exprs.get(i)).index() != i) {
                return false;
            }
        }
        return true;
    }

    // ---- window functions ----

    /**
     * A window over an input pruned to the {@code required} input fields and those the window reads; its
     * function columns follow the input's columns.
     */
    private Input window(Window window, ImmutableBitSet required) {
        int width = window.getInput().getRowType().getFieldCount();
        ImmutableBitSet needed = required.intersect(ImmutableBitSet.range(width)).union(WindowTranslator.inputsUsed(window));
        Input in = input(window.getInput(), needed);
        Translated translated = WindowTranslator.translate(window, in.translated(), in.mapping());
        int[] mapping = new int[window.getRowType().getFieldCount()];
        System.arraycopy(in.mapping(), 0, mapping, 0, width);
        for (int j = width; j < mapping.length; j++) {
            mapping[j] = in.types().size() + j - width;
        }
        return new Input(translated, mapping);
    }

    // ---- aggregation ----

    private Translated aggregate(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            return groupingSets(aggregate);
        }
        ImmutableBitSet used = aggregate.getGroupSet();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            used = used.union(ImmutableBitSet.of(call.getArgList()));
        }
        Input in = input(aggregate.getInput(), used, true);
        if (isSingleValue(aggregate)) {
            return singleValue(aggregate, in);
        }
        List<Integer> keys = new ArrayList<>();
        for (int field : aggregate.getGroupSet().asList()) {
            keys.add(in.mapping()[field]);
        }
        List<AggregateCall> calls = new ArrayList<>();
        List<Expr> literals = new ArrayList<>();
        List<Boolean> zeroWhenEmpty = new ArrayList<>();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            if (call.getAggregation().getKind() == SqlKind.LITERAL_AGG) {
                // A constant per group (Calcite marks matched rows of IN/NOT IN with it): projected afterwards.
                literals.add(rex(List.of(), new int[0], call.rexList.get(0)));
                zeroWhenEmpty.add(false);
            } else {
                literals.add(null);
                // $SUM0 (a SUM that is 0, not NULL, over no rows; Calcite rolls COUNTs up with it when it
                // expands DISTINCT aggregates) is a SUM with COALESCE(sum, 0) projected afterwards.
                zeroWhenEmpty.add(call.getAggregation().getKind() == SqlKind.SUM0);
                calls.add(aggregateCall(call, in));
            }
        }
        Translated aggregated = aggregate(in, keys, calls);
        if (literals.stream().allMatch(java.util.Objects::isNull) && !zeroWhenEmpty.contains(true)) {
            return aggregated;
        }
        int keyCount = keys.size(); // the projection below keeps the keys in place
        List<DataType> types = aggregated.node().outputTypes();
        List<Expr> exprs = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            exprs.add(new ColumnRef(i, types.get(i)));
        }
        int next = keys.size();
        for (int i = 0; i < literals.size(); i++) {
            if (literals.get(i) != null) {
                exprs.add(literals.get(i));
                continue;
            }
            DataType type = types.get(next);
            Expr value = new ColumnRef(next++, type);
            exprs.add(zeroWhenEmpty.get(i)
                    ? new Call("coalesce", List.of(value, new Cast(new Literal(0L, DataType.BIGINT), type)), type)
                    : value);
        }
        BucketDistribution bucketed = aggregated.bucketed() == null ? null
                : aggregated.bucketed().map(c -> c < keyCount ? c : -1);
        return new Translated(new PhysicalProject(aggregated.node(), exprs), aggregated.parallel(), bucketed);
    }

    private Translated aggregate(Input in, List<Integer> keys, List<AggregateCall> calls) {
        PhysicalNode child = in.translated().node();
        if (!in.translated().parallel()) {
            return new Translated(new PhysicalHashAggregate(child, AggregateStep.SINGLE, keys, calls), false);
        }
        BucketDistribution bucketed = in.translated().bucketed();
        if (bucketed != null && !keys.isEmpty() && bucketed.coveredBy(keys) != null) {
            // Colocated: the keys hold the bucket columns, so every group lies in one bucket and each driver,
            // reading whole buckets, aggregates its own groups completely - no partial step, no exchange.
            PhysicalNode single = new PhysicalHashAggregate(BucketReads.pin(child), AggregateStep.SINGLE, keys, calls);
            return new Translated(single, true, bucketed.map(keys::indexOf));
        }
        PhysicalHashAggregate partial = new PhysicalHashAggregate(child, AggregateStep.PARTIAL, keys, calls);
        List<Integer> finalKeys = new ArrayList<>();
        List<Expr> hashKeys = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            finalKeys.add(i);
            hashKeys.add(new ColumnRef(i, partial.outputTypes().get(i)));
        }
        if (keys.isEmpty()) {
            PhysicalNode gathered = new PhysicalExchange(partial, PhysicalExchange.Kind.GATHER);
            return new Translated(new PhysicalHashAggregate(gathered, AggregateStep.FINAL, finalKeys, calls), false);
        }
        // Grouped: the final step runs in parallel too, each driver merging the groups whose keys hash to it.
        PhysicalNode repartitioned = new PhysicalExchange(partial, PhysicalExchange.Kind.HASH, hashKeys);
        return new Translated(new PhysicalHashAggregate(repartitioned, AggregateStep.FINAL, finalKeys, calls), true);
    }

    /** Calcite's check of a scalar subquery: no grouping, only SINGLE_VALUE calls. */
    private static boolean isSingleValue(Aggregate aggregate) {
        return !aggregate.getAggCallList().isEmpty() && aggregate.getAggCallList().stream()
                .allMatch(c -> c.getAggregation().getKind() == SqlKind.SINGLE_VALUE);
    }

    private Translated singleValue(Aggregate aggregate, Input in) {
        if (!aggregate.getGroupSet().isEmpty()) {
            throw ErrorCode.NOT_SUPPORTED.exception("correlated scalar subqueries that are not aggregates");
        }
        List<Expr> values = new ArrayList<>();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            int arg = in.mapping()[call.getArgList().get(0)];
            values.add(new ColumnRef(arg, in.types().get(arg)));
        }
        PhysicalNode child = in.translated().node();
        if (in.translated().parallel()) {
            child = new PhysicalExchange(child, PhysicalExchange.Kind.GATHER);
        }
        return new Translated(new PhysicalEnforceSingleRow(new PhysicalProject(child, values)), false);
    }

    private static AggregateCall aggregateCall(org.apache.calcite.rel.core.AggregateCall call, Input in) {
        if (call.isDistinct() || call.hasFilter() || call.isApproximate() || !call.getCollation().getFieldCollations().isEmpty()) {
            throw ErrorCode.NOT_SUPPORTED.exception("DISTINCT, FILTER or ordered aggregates");
        }
        if (call.getArgList().size() > 1) {
            throw ErrorCode.NOT_SUPPORTED.exception("aggregates of several arguments");
        }
        int arg = call.getArgList().isEmpty() ? -1 : in.mapping()[call.getArgList().get(0)];
        DataType argType = arg < 0 ? null : in.types().get(arg);
        AggregateFunction function = switch (call.getAggregation().getKind()) {
            case COUNT -> arg < 0 ? AggregateFunction.COUNT_STAR : AggregateFunction.COUNT;
            case SUM, SUM0 -> AggregateFunction.SUM;
            case MIN -> AggregateFunction.MIN;
            case MAX -> AggregateFunction.MAX;
            case AVG -> AggregateFunction.AVG;
            default -> throw ErrorCode.NOT_SUPPORTED.exception("the aggregate function " + call.getAggregation().getName());
        };
        if ((function == AggregateFunction.SUM || function == AggregateFunction.AVG) && !TypeRules.isNumeric(argType)) {
            throw ErrorCode.INVALID_QUERY.exception(function + " of " + argType + " is not supported");
        }
        return AggregateCall.of(function, arg, argType);
    }

    // ---- sort and limit ----

    private Translated sort(Sort sort) {
        long offset = sort.offset == null ? 0 : constant(sort.offset);
        long fetch = sort.fetch == null ? -1 : constant(sort.fetch);
        Translated in = translate(sort.getInput());
        List<SortKey> keys = new ArrayList<>();
        for (RelFieldCollation fc : sort.getCollation().getFieldCollations()) {
            boolean ascending = !fc.getDirection().isDescending();
            boolean nullsFirst = switch (fc.nullDirection) {
                case FIRST -> true;
                case LAST -> false;
                default -> ascending; // MySQL: NULL is the smallest value
            };
            keys.add(new SortKey(fc.getFieldIndex(), ascending, nullsFirst));
        }
        PhysicalNode child = in.node();
        if (keys.isEmpty()) {
            if (in.parallel()) {
                PhysicalNode perTask = fetch < 0 ? child : new PhysicalLimit(child, 0, offset + fetch);
                child = new PhysicalExchange(perTask, PhysicalExchange.Kind.GATHER);
            }
            return new Translated(new PhysicalLimit(child, offset, fetch), false);
        }
        if (in.parallel() && fetch < 0) {
            // A full sort: every driver sorts its share, the MERGE exchange merges the sorted runs.
            PhysicalNode merged = PhysicalExchange.merge(new PhysicalSort(child, keys, 0, -1), keys);
            return new Translated(offset == 0 ? merged : new PhysicalLimit(merged, offset, -1), false);
        }
        if (in.parallel()) {
            child = new PhysicalExchange(new PhysicalSort(child, keys, 0, offset + fetch), PhysicalExchange.Kind.GATHER);
        }
        return new Translated(new PhysicalSort(child, keys, offset, fetch), false);
    }

    private static long constant(RexNode node) {
        if (node instanceof RexLiteral lit && lit.getValueAs(Long.class) != null) {
            return lit.getValueAs(Long.class);
        }
        throw ErrorCode.NOT_SUPPORTED.exception("LIMIT/OFFSET that are not constants");
    }

    // ---- joins ----

    /**
     * A join as a hash join: equality conditions become keys (cast to a common type where the sides differ),
     * the rest the residual. The smaller input of an inner join is the build side (row-count estimates); outer
     * joins keep the preserved side as the probe (RIGHT is turned into LEFT); semi and anti joins too, unless the
     * other side is much bigger: then the preserved side is built and marked (RIGHT_SEMI/RIGHT_ANTI). Builds up to
     * {@code broadcastRowLimit} estimated rows are broadcast (one shared table, the probe side stays where it
     * is); bigger ones are partitioned: both sides hash-repartitioned on the keys, one table per partition.
     */
    private Translated join(Join join) {
        JoinRelType relType = join.getJoinType();
        RelNode leftRel = join.getLeft();
        RelNode rightRel = join.getRight();
        Translated left = translate(leftRel);
        Translated right = translate(rightRel);
        int leftWidth = leftRel.getRowType().getFieldCount();
        int rightWidth = rightRel.getRowType().getFieldCount();
        List<Integer> leftKeyFields = new ArrayList<>();
        List<Integer> rightKeyFields = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        RexNode condition = join.getCondition();
        boolean nullAwareAnti = relType == JoinRelType.ANTI && isNotInCondition(condition, leftWidth);
        if (nullAwareAnti) {
            // x = y OR x IS NULL OR y IS NULL: NOT IN, which the null-aware anti join runs on hashed keys.
            condition = ((RexCall) condition).getOperands().get(0);
        }
        RexNode remaining = RelOptUtil.splitJoinCondition(leftRel, rightRel, condition, leftKeyFields,
                rightKeyFields, filterNulls);
        List<RexNode> residualTerms = new ArrayList<>(RelOptUtil.conjunctions(remaining));
        List<Expr> leftKeys = new ArrayList<>();
        List<Expr> rightKeys = new ArrayList<>();
        List<Boolean> nullSafe = new ArrayList<>();
        List<DataType> leftTypes = left.node().outputTypes();
        List<DataType> rightTypes = right.node().outputTypes();
        for (int i = 0; i < leftKeyFields.size(); i++) {
            int l = leftKeyFields.get(i);
            int r = rightKeyFields.get(i);
            nullSafe.add(!filterNulls.get(i));
            Expr lk = new ColumnRef(l, leftTypes.get(l));
            Expr rk = new ColumnRef(r, rightTypes.get(r));
            if (!PhysicalHashJoin.sameRepresentation(lk.type(), rk.type())) {
                DataType common = TypeRules.comparisonType(lk.type(), rk.type());
                lk = Exprs.cast(lk, common);
                rk = Exprs.cast(rk, common);
            }
            leftKeys.add(lk);
            rightKeys.add(rk);
        }
        RelMetadataQuery mq = join.getCluster().getMetadataQuery();
        double leftRows = rows(mq, leftRel);
        double rightRows = rows(mq, rightRel);
        boolean swap;
        JoinType type;
        switch (relType) {
            case INNER -> {
                type = JoinType.INNER;
                swap = InnerJoinBuildSide.buildsLeft(leftRows, left.node().outputTypes().size(), rightRows,
                        right.node().outputTypes().size());
            }
            case LEFT -> {
                // A bigger non-preserved side is probed: the preserved side is hashed, and its rows nobody matched
                // come from the last prober (RIGHT with the sides swapped; TPC-H Q13's customers and orders, which
                // arrive as a RIGHT join below). Unlike a semi join's marking, a RIGHT join's probe costs what a LEFT
                // join's does: the smaller side is built.
                swap = rightRows > leftRows;
                type = swap ? JoinType.RIGHT : JoinType.LEFT;
            }
            case RIGHT -> {
                swap = !(leftRows > rightRows);
                type = swap ? JoinType.LEFT : JoinType.RIGHT;
            }
            case FULL -> {
                type = JoinType.FULL;
                swap = false;
            }
            case SEMI -> {
                swap = buildsPreservedSide(leftRows, rightRows);
                type = swap ? JoinType.RIGHT_SEMI : JoinType.SEMI;
            }
            case ANTI -> {
                // NOT IN stays on the subquery's side: its answer depends on facts about that whole side
                swap = !nullAwareAnti && buildsPreservedSide(leftRows, rightRows);
                type = nullAwareAnti ? JoinType.NULL_AWARE_ANTI : swap ? JoinType.RIGHT_ANTI : JoinType.ANTI;
            }
            default -> throw ErrorCode.NOT_SUPPORTED.exception(relType + " joins");
        }
        Translated probe = swap ? right : left;
        Translated build = swap ? left : right;
        List<Expr> probeKeys = swap ? rightKeys : leftKeys;
        List<Expr> buildKeys = swap ? leftKeys : rightKeys;
        int probeWidth = swap ? rightWidth : leftWidth;
        // Calcite's join fields (left, then right) to the pair layout (probe, then build).
        int[] mapping = new int[leftWidth + rightWidth];
        for (int i = 0; i < leftWidth; i++) {
            mapping[i] = swap ? probeWidth + i : i;
        }
        for (int i = 0; i < rightWidth; i++) {
            mapping[leftWidth + i] = swap ? i : leftWidth + i;
        }
        List<DataType> pairTypes = new ArrayList<>(probe.node().outputTypes());
        pairTypes.addAll(build.node().outputTypes());
        RexNode residualRex = RexUtil.composeConjunction(rexBuilder, residualTerms);
        Expr residual = residualRex.isAlwaysTrue() ? null : rex(pairTypes, mapping, residualRex);
        double buildRows = swap ? leftRows : rightRows;
        // NOT IN needs to know whether the whole build side is empty or holds a NULL: never partitioned.
        boolean partitioned = !probeKeys.isEmpty() && buildRows > broadcastRowLimit && type != JoinType.NULL_AWARE_ANTI;
        // Colocated when both sides are bucketed alike on the keys, unless the build side is small enough for a
        // broadcast whose runtime filter (an IN list of up to 1024 keys) may prune the probe scan.
        boolean colocated = !probeKeys.isEmpty() && type != JoinType.NULL_AWARE_ANTI
                && (partitioned || buildRows > COLOCATE_MIN_BUILD_ROWS)
                && BucketDistribution.colocated(probe.bucketed(), probe.node().outputTypes(), build.bucketed(),
                        build.node().outputTypes(), probeKeys, buildKeys);
        PhysicalNode probeNode = probe.node();
        PhysicalNode buildNode = build.node();
        PhysicalHashJoin.Distribution distribution;
        if (colocated) {
            probeNode = BucketReads.pin(probeNode);
            buildNode = BucketReads.pin(buildNode);
            distribution = PhysicalHashJoin.Distribution.COLOCATED;
        } else if (partitioned) {
            probeNode = new PhysicalExchange(probeNode, PhysicalExchange.Kind.HASH, probeKeys);
            buildNode = new PhysicalExchange(buildNode, PhysicalExchange.Kind.HASH, buildKeys);
            distribution = PhysicalHashJoin.Distribution.PARTITIONED;
        } else {
            buildNode = new PhysicalExchange(buildNode, PhysicalExchange.Kind.BROADCAST);
            distribution = PhysicalHashJoin.Distribution.BROADCAST;
        }
        PhysicalNode joined = new PhysicalHashJoin(probeNode, buildNode, type, probeKeys, buildKeys, nullSafe, residual,
                distribution);
        boolean parallel = partitioned || colocated || probe.parallel();
        BucketDistribution bucketed = type.outputsBuildOnly() ? markedBuildBuckets(distribution, build.bucketed())
                : partitioned && !colocated ? null
                : joinedBuckets(type, probe.bucketed(), probeKeys, buildKeys, probe.node().outputTypes().size());
        if (swap && type.outputsBuild()) {
            List<Expr> reorder = new ArrayList<>();
            List<DataType> types = joined.outputTypes();
            for (int i = 0; i < leftWidth + rightWidth; i++) {
                reorder.add(new ColumnRef(mapping[i], types.get(mapping[i])));
            }
            joined = new PhysicalProject(joined, reorder);
            bucketed = projected(bucketed, reorder);
        }
        return new Translated(joined, parallel, bucketed);
    }

    /**
     * The bucket property of a join's output (probe columns, then build columns) that keeps its probe rows on their
     * drivers (broadcast or colocated): the probe side's, and for an inner join also the build columns the keys equate
     * to its bucket columns, which hold the same values. Rows a FULL or RIGHT join pads with NULLs belong to no bucket
     * (and come from whichever prober finishes last).
     */
    private static BucketDistribution joinedBuckets(JoinType type, BucketDistribution probe, List<Expr> probeKeys,
                                                    List<Expr> buildKeys, int probeWidth) {
        if (probe == null || type.keepsUnmatchedBuild()) {
            return null;
        }
        if (type != JoinType.INNER) {
            return probe;
        }
        BucketDistribution equated = probe.map(column -> {
            for (int i = 0; i < probeKeys.size(); i++) {
                if (BucketDistribution.column(probeKeys.get(i)) == column && BucketDistribution.column(buildKeys.get(i)) >= 0) {
                    return BucketDistribution.column(buildKeys.get(i));
                }
            }
            return -1;
        });
        return equated == null ? probe : probe.with(equated, probeWidth);
    }

    /**
     * The bucket property of a RIGHT_SEMI/RIGHT_ANTI join's output, which is build rows, returned by the prober that
     * finishes a table last: a colocated join's table i holds the buckets build driver i read and is probed (and its
     * rows returned) by probe driver i, so the output keeps the build side's buckets; a broadcast join's one table
     * returns all its rows from whichever prober is last, and a partitioned join's rows are hash-routed: no buckets.
     * (The probe side's property does not carry over as it does for SEMI/ANTI, whose output is probe rows on their
     * drivers.)
     */
    private static BucketDistribution markedBuildBuckets(PhysicalHashJoin.Distribution distribution,
                                                         BucketDistribution build) {
        return distribution == PhysicalHashJoin.Distribution.COLOCATED ? build : null;
    }

    /**
     * Whether a semi/anti join hashes its preserved (left) side and probes with the other: when the subquery's side
     * is estimated at more than {@link #PRESERVED_SIDE_BUILD_RATIO} times the rows, building on it costs more than
     * marking the smaller side's rows and returning them at the end (RIGHT_SEMI/RIGHT_ANTI); the smaller table is
     * also more often broadcast, and its runtime filters then thin out the big side's scan.
     */
    private static boolean buildsPreservedSide(double leftRows, double rightRows) {
        return rightRows > PRESERVED_SIDE_BUILD_RATIO * leftRows;
    }

    /** {@code a = b OR a IS NULL OR b IS NULL} with {@code a} a left column and {@code b} a right one. */
    private static boolean isNotInCondition(RexNode condition, int leftWidth) {
        if (!condition.isA(SqlKind.OR) || ((RexCall) condition).getOperands().size() != 3) {
            return false;
        }
        List<RexNode> terms = ((RexCall) condition).getOperands();
        if (!(terms.get(0) instanceof RexCall eq) || !eq.isA(SqlKind.EQUALS)
                || !(eq.getOperands().get(0) instanceof org.apache.calcite.rex.RexInputRef a)
                || !(eq.getOperands().get(1) instanceof org.apache.calcite.rex.RexInputRef b)
                || a.getIndex() >= leftWidth || b.getIndex() < leftWidth) {
            return false;
        }
        return isNullOf(terms.get(1), a) && isNullOf(terms.get(2), b);
    }

    private static boolean isNullOf(RexNode node, org.apache.calcite.rex.RexInputRef ref) {
        return node instanceof RexCall c && c.isA(SqlKind.IS_NULL) && c.getOperands().get(0).equals(ref);
    }

    private static double rows(RelMetadataQuery mq, RelNode rel) {
        Double rows = mq.getRowCount(rel);
        return rows == null ? TableStatistics.UNKNOWN_ROWS : rows;
    }

    // ---- constants ----

    private Translated values(Values values) {
        List<DataType> types = new ArrayList<>();
        values.getRowType().getFieldList().forEach(f -> types.add(CalciteTypes.toShoal(f.getType())));
        List<List<Object>> rows = new ArrayList<>();
        for (List<RexLiteral> tuple : values.getTuples()) {
            List<Object> row = new ArrayList<>();
            for (int i = 0; i < tuple.size(); i++) {
                Literal lit = RexTranslator.literal(tuple.get(i));
                row.add(ValueCasts.cast(lit.value(), types.get(i)));
            }
            rows.add(row);
        }
        return new Translated(new PhysicalValues(types, rows), false);
    }

    // ---- grouping sets ----

    /**
     * GROUPING SETS, ROLLUP and CUBE as Doris runs them: a {@link PhysicalRepeat} copies each row once per set
     * with the keys outside the set NULL, plus the set's number and its GROUPING() / GROUPING_ID() values as
     * constants; a normal (two-phase, parallel) aggregation groups by the copied keys and the constants; a
     * projection puts the columns in Calcite's order (keys, then calls, GROUPING() taken from its constant).
     */
    private Translated groupingSets(Aggregate aggregate) {
        if (aggregate.getAggCallList().stream().anyMatch(org.apache.calcite.rel.core.AggregateCall::isDistinct)) {
            throw ErrorCode.NOT_SUPPORTED.exception("DISTINCT aggregates with GROUPING SETS, ROLLUP or CUBE");
        }
        ImmutableBitSet used = aggregate.getGroupSet();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            used = used.union(ImmutableBitSet.of(call.getArgList()));
        }
        Input in = input(aggregate.getInput(), used);
        List<Integer> groupFields = aggregate.getGroupSet().asList();
        List<Integer> keyColumns = groupFields.stream().map(f -> in.mapping()[f]).toList();
        List<org.apache.calcite.rel.core.AggregateCall> groupingCalls = aggregate.getAggCallList().stream()
                .filter(PhysicalTranslator::isGrouping).toList();
        List<List<Integer>> sets = new ArrayList<>();
        List<List<Long>> constants = new ArrayList<>();
        for (int s = 0; s < aggregate.getGroupSets().size(); s++) {
            ImmutableBitSet set = aggregate.getGroupSets().get(s);
            List<Integer> kept = new ArrayList<>();
            for (int k = 0; k < groupFields.size(); k++) {
                if (set.get(groupFields.get(k))) {
                    kept.add(k);
                }
            }
            sets.add(kept);
            List<Long> values = new ArrayList<>();
            values.add((long) s);
            for (org.apache.calcite.rel.core.AggregateCall call : groupingCalls) {
                // GROUPING(a, b, ...) and GROUPING_ID(a, b, ...): one bit per argument, the first the highest,
                // 1 where the argument is not grouped in this set.
                long bits = 0;
                for (int arg : call.getArgList()) {
                    bits = bits << 1 | (set.get(arg) ? 0 : 1);
                }
                values.add(bits);
            }
            constants.add(values);
        }
        PhysicalRepeat repeat = new PhysicalRepeat(in.translated().node(), keyColumns, sets, constants);
        Input repeated = new Input(new Translated(repeat, in.translated().parallel()), in.mapping());
        int width = in.types().size();
        int groupWidth = keyColumns.size() + repeat.constantColumns();
        List<Integer> keys = new ArrayList<>();
        for (int i = 0; i < groupWidth; i++) {
            keys.add(width + i);
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            if (!isGrouping(call)) {
                calls.add(aggregateCall(call, repeated));
            }
        }
        Translated aggregated = aggregate(repeated, keys, calls);
        List<DataType> types = aggregated.node().outputTypes();
        List<Expr> exprs = new ArrayList<>();
        for (int k = 0; k < keyColumns.size(); k++) {
            exprs.add(new ColumnRef(k, types.get(k)));
        }
        int nextGrouping = keyColumns.size() + 1;
        int nextCall = groupWidth;
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            if (isGrouping(call)) {
                exprs.add(new ColumnRef(nextGrouping++, DataType.BIGINT));
                continue;
            }
            DataType type = types.get(nextCall);
            Expr value = new ColumnRef(nextCall++, type);
            exprs.add(call.getAggregation().getKind() == SqlKind.SUM0
                    ? new Call("coalesce", List.of(value, new Cast(new Literal(0L, DataType.BIGINT), type)), type)
                    : value);
        }
        return new Translated(new PhysicalProject(aggregated.node(), exprs), aggregated.parallel());
    }

    private static boolean isGrouping(org.apache.calcite.rel.core.AggregateCall call) {
        SqlKind kind = call.getAggregation().getKind();
        if (kind == SqlKind.GROUP_ID || kind == SqlKind.LITERAL_AGG) {
            throw ErrorCode.NOT_SUPPORTED.exception(call.getAggregation().getName() + " with GROUPING SETS");
        }
        return kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID;
    }

    // ---- set operations ----

    /**
     * UNION ALL: every branch cast to the common column types ({@link SetOperationTypes}) under one
     * {@link PhysicalUnion}, which runs all branches at once on many drivers - so it counts as parallel, and a
     * consumer that needs one stream gets its GATHER as above any scan. (UNION, INTERSECT and EXCEPT arrive here
     * as aggregations over UNION ALL, see {@link SetOperationRewrite}.)
     */
    private Translated union(Union union) {
        List<PhysicalNode> branches = new ArrayList<>();
        for (RelNode input : union.getInputs()) {
            branches.add(translate(input).node());
        }
        List<DataType> types = new ArrayList<>();
        for (int c = 0; c < union.getRowType().getFieldCount(); c++) {
            int column = c;
            types.add(SetOperationTypes.common(branches.stream().map(b -> b.outputTypes().get(column)).toList()));
        }
        List<PhysicalNode> cast = new ArrayList<>();
        for (PhysicalNode branch : branches) {
            if (branch.outputTypes().equals(types)) {
                cast.add(branch);
                continue;
            }
            List<Expr> exprs = new ArrayList<>();
            for (int c = 0; c < types.size(); c++) {
                exprs.add(Exprs.cast(new ColumnRef(c, branch.outputTypes().get(c)), types.get(c)));
            }
            cast.add(new PhysicalProject(branch, exprs));
        }
        return new Translated(new PhysicalUnion(cast, types), true);
    }

    // ---- helpers ----

    private Expr rex(List<DataType> inputTypes, int[] mapping, RexNode node) {
        return new RexTranslator(rexBuilder, inputTypes, mapping).translate(node);
    }

    private static int[] identity(PhysicalNode node) {
        int[] m = new int[node.outputTypes().size()];
        Arrays.setAll(m, i -> i);
        return m;
    }

}
