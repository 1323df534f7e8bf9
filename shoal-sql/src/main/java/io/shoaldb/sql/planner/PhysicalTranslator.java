package io.shoaldb.sql.planner;

import io.shoaldb.catalog.model.Column;
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
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Values;
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
    private final RexBuilder rexBuilder;

    PhysicalTranslator(RexBuilder rexBuilder) {
        this.rexBuilder = rexBuilder;
    }

    /** A translated subtree; {@code parallel} when it runs once per tablet (no exchange above it yet). */
    record Translated(PhysicalNode node, boolean parallel) {
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
                yield new Translated(new PhysicalFilter(in.node(), condition), in.parallel());
            }
            case Project project -> project(project);
            case Aggregate aggregate -> aggregate(aggregate);
            case Sort sort -> sort(sort);
            case Values values -> values(values);
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
        TableScan scan = rel instanceof TableScan s ? s
                : rel instanceof Filter f && f.getInput() instanceof TableScan s ? s : null;
        if (scan == null) {
            Translated t = translate(rel);
            return new Input(t, identity(t.node()));
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
        if (read.isEmpty()) {
            // COUNT(*) and friends still need row counts: read the narrowest thing there is, the first key.
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
        if (outputs.isEmpty()) {
            outputs.add(0);
        }
        PhysicalScan physical = new PhysicalScan(table.id(), catalogTable.database(), table.name(), columns,
                ScanPredicates.derive(filter, columns), filter, outputs);
        return new Input(new Translated(physical, true), mapping);
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
        if (plainColumns && child instanceof PhysicalScan scan) {
            // A projection of plain columns is just a different choice of scan outputs.
            List<Integer> outputs = exprs.stream().map(e -> scan.outputs().get(((ColumnRef) e).index())).toList();
            return new Translated(new PhysicalScan(scan.tableId(), scan.database(), scan.table(), scan.columns(),
                    scan.pushed(), scan.filter(), outputs), true);
        }
        if (plainColumns && isIdentity(exprs, child.outputTypes().size())) {
            return in.translated();
        }
        return new Translated(new PhysicalProject(child, exprs), in.translated().parallel());
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

    // ---- aggregation ----

    private Translated aggregate(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw ErrorCode.NOT_SUPPORTED.exception("GROUPING SETS, ROLLUP and CUBE");
        }
        ImmutableBitSet used = aggregate.getGroupSet();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            used = used.union(ImmutableBitSet.of(call.getArgList()));
        }
        Input in = input(aggregate.getInput(), used);
        List<Integer> keys = new ArrayList<>();
        for (int field : aggregate.getGroupSet().asList()) {
            keys.add(in.mapping()[field]);
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            calls.add(aggregateCall(call, in));
        }
        PhysicalNode child = in.translated().node();
        if (!in.translated().parallel()) {
            return new Translated(new PhysicalHashAggregate(child, AggregateStep.SINGLE, keys, calls), false);
        }
        PhysicalHashAggregate partial = new PhysicalHashAggregate(child, AggregateStep.PARTIAL, keys, calls);
        List<Integer> finalKeys = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            finalKeys.add(i);
        }
        PhysicalNode gathered = new PhysicalExchange(partial, PhysicalExchange.Kind.GATHER);
        return new Translated(new PhysicalHashAggregate(gathered, AggregateStep.FINAL, finalKeys, calls), false);
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
            case SUM -> AggregateFunction.SUM;
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
        if (in.parallel()) {
            PhysicalNode perTask = fetch < 0 ? child : new PhysicalSort(child, keys, 0, offset + fetch);
            child = new PhysicalExchange(perTask, PhysicalExchange.Kind.GATHER);
        }
        return new Translated(new PhysicalSort(child, keys, offset, fetch), false);
    }

    private static long constant(RexNode node) {
        if (node instanceof RexLiteral lit && lit.getValueAs(Long.class) != null) {
            return lit.getValueAs(Long.class);
        }
        throw ErrorCode.NOT_SUPPORTED.exception("LIMIT/OFFSET that are not constants");
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
