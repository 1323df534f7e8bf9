package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.PhysicalTranslator.Translated;
import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateFunction;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.sql.planner.physical.SortKey;
import io.shoaldb.sql.planner.physical.WindowFrame;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowExclusion;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Calcite's {@code Window} (what {@code CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW} makes of OVER) as
 * one {@link PhysicalWindow} per window group, stacked: each adds its functions' columns after its input's, as
 * Calcite's output does. A parallel input is repartitioned on the group's PARTITION BY keys (HASH exchange,
 * so every driver holds whole partitions and the window runs in parallel), or gathered to one driver when
 * there are none. What is not supported is refused with NOT_SUPPORTED naming the construct.
 */
final class WindowTranslator {
    private final Window window;
    private final int inputWidth;
    private final int[] mapping;

    private WindowTranslator(Window window, int[] mapping) {
        this.window = window;
        this.inputWidth = window.getInput().getRowType().getFieldCount();
        this.mapping = mapping;
    }

    /** The window over {@code input}, whose column for Calcite input field {@code f} is {@code mapping[f]}. */
    static Translated translate(Window window, Translated input, int[] mapping) {
        return new WindowTranslator(window, mapping).translate(input);
    }

    /** The input fields the window reads: partition and order keys, function arguments. */
    static ImmutableBitSet inputsUsed(Window window) {
        int width = window.getInput().getRowType().getFieldCount();
        ImmutableBitSet.Builder used = ImmutableBitSet.builder();
        for (Window.Group group : window.groups) {
            used.addAll(group.keys);
            group.orderKeys.getFieldCollations().forEach(fc -> used.set(fc.getFieldIndex()));
            for (Window.RexWinAggCall call : group.aggCalls) {
                for (RexNode operand : call.getOperands()) {
                    if (operand instanceof RexInputRef ref && ref.getIndex() < width) {
                        used.set(ref.getIndex());
                    }
                }
            }
        }
        return used.build();
    }

    private Translated translate(Translated input) {
        PhysicalNode node = input.node();
        boolean parallel = input.parallel();
        List<Integer> partitionedOn = null;
        for (Window.Group group : window.groups) {
            List<Integer> partition = group.keys.asList().stream().map(k -> mapping[k]).toList();
            if (parallel && !partition.equals(partitionedOn)) {
                if (partition.isEmpty()) {
                    node = new PhysicalExchange(node, PhysicalExchange.Kind.GATHER);
                    parallel = false;
                } else {
                    List<DataType> types = node.outputTypes();
                    List<Expr> keys = partition.stream().<Expr>map(k -> new ColumnRef(k, types.get(k))).toList();
                    node = new PhysicalExchange(node, PhysicalExchange.Kind.HASH, keys);
                    partitionedOn = partition;
                }
            }
            node = new PhysicalWindow(node, partition, orderKeys(group), functions(group, node.outputTypes()));
        }
        return new Translated(node, parallel);
    }

    private List<SortKey> orderKeys(Window.Group group) {
        List<SortKey> keys = new ArrayList<>();
        for (RelFieldCollation fc : group.orderKeys.getFieldCollations()) {
            boolean ascending = !fc.getDirection().isDescending();
            boolean nullsFirst = switch (fc.nullDirection) {
                case FIRST -> true;
                case LAST -> false;
                default -> ascending; // MySQL: NULL is the smallest value
            };
            keys.add(new SortKey(mapping[fc.getFieldIndex()], ascending, nullsFirst));
        }
        return keys;
    }

    private List<WindowFunction> functions(Window.Group group, List<DataType> types) {
        if (group.exclude != RexWindowExclusion.EXCLUDE_NO_OTHER) {
            throw unsupported("EXCLUDE in window frames");
        }
        WindowFrame frame = new WindowFrame(group.isRows, bound(group.lowerBound, group.isRows),
                bound(group.upperBound, group.isRows));
        List<WindowFunction> out = new ArrayList<>();
        for (Window.RexWinAggCall call : group.aggCalls) {
            out.add(function(call, frame, types));
        }
        return out;
    }

    private WindowFrame.Bound bound(RexWindowBound bound, boolean rows) {
        if (bound.isUnboundedPreceding()) {
            return new WindowFrame.Bound(WindowFrame.BoundKind.UNBOUNDED_PRECEDING, 0);
        }
        if (bound.isUnboundedFollowing()) {
            return new WindowFrame.Bound(WindowFrame.BoundKind.UNBOUNDED_FOLLOWING, 0);
        }
        if (bound.isCurrentRow()) {
            return new WindowFrame.Bound(WindowFrame.BoundKind.CURRENT_ROW, 0);
        }
        if (!rows) {
            throw unsupported("RANGE frames with value offsets (RANGE BETWEEN n PRECEDING/FOLLOWING); use ROWS");
        }
        long offset = constant(bound.getOffset(), "a frame offset");
        if (offset < 0) {
            throw ErrorCode.INVALID_QUERY.exception("a window frame offset must not be negative: " + offset);
        }
        return new WindowFrame.Bound(bound.isPreceding() ? WindowFrame.BoundKind.PRECEDING
                : WindowFrame.BoundKind.FOLLOWING, offset);
    }

    private WindowFunction function(Window.RexWinAggCall call, WindowFrame frame, List<DataType> types) {
        if (call.distinct) {
            throw unsupported("DISTINCT in window functions");
        }
        if (call.ignoreNulls) {
            throw unsupported("IGNORE NULLS in window functions");
        }
        List<RexNode> operands = call.getOperands();
        String name = call.getOperator().getName();
        return switch (call.getOperator().getKind()) {
            case ROW_NUMBER -> noArgument(WindowFunction.Kind.ROW_NUMBER, DataType.BIGINT);
            case RANK -> noArgument(WindowFunction.Kind.RANK, DataType.BIGINT);
            case DENSE_RANK -> noArgument(WindowFunction.Kind.DENSE_RANK, DataType.BIGINT);
            case PERCENT_RANK -> noArgument(WindowFunction.Kind.PERCENT_RANK, DataType.DOUBLE);
            case CUME_DIST -> noArgument(WindowFunction.Kind.CUME_DIST, DataType.DOUBLE);
            case NTILE -> {
                long buckets = constant(operands.get(0), "NTILE's bucket count");
                if (buckets <= 0) {
                    throw ErrorCode.INVALID_QUERY.exception("NTILE's bucket count must be positive: " + buckets);
                }
                yield new WindowFunction(WindowFunction.Kind.NTILE, -1, buckets, null, null, DataType.BIGINT);
            }
            case LAG, LEAD -> lagOrLead(call, types);
            case FIRST_VALUE, LAST_VALUE -> {
                int arg = column(operands.get(0), name);
                WindowFunction.Kind kind = call.getOperator().getKind() == org.apache.calcite.sql.SqlKind.FIRST_VALUE
                        ? WindowFunction.Kind.FIRST_VALUE : WindowFunction.Kind.LAST_VALUE;
                yield new WindowFunction(kind, arg, 0, null, frame, types.get(arg));
            }
            case COUNT -> operands.isEmpty()
                    ? new WindowFunction(WindowFunction.Kind.COUNT_STAR, -1, 0, null, frame, DataType.BIGINT)
                    : aggregate(WindowFunction.Kind.COUNT, AggregateFunction.COUNT, operands, frame, types, name);
            case SUM -> aggregate(WindowFunction.Kind.SUM, AggregateFunction.SUM, operands, frame, types, name);
            case SUM0 -> aggregate(WindowFunction.Kind.SUM0, AggregateFunction.SUM, operands, frame, types, name);
            case AVG -> aggregate(WindowFunction.Kind.AVG, AggregateFunction.AVG, operands, frame, types, name);
            case MIN -> aggregate(WindowFunction.Kind.MIN, AggregateFunction.MIN, operands, frame, types, name);
            case MAX -> aggregate(WindowFunction.Kind.MAX, AggregateFunction.MAX, operands, frame, types, name);
            default -> throw unsupported("the window function " + name);
        };
    }

    private static WindowFunction noArgument(WindowFunction.Kind kind, DataType type) {
        return new WindowFunction(kind, -1, 0, null, null, type);
    }

    private WindowFunction aggregate(WindowFunction.Kind kind, AggregateFunction function, List<RexNode> operands,
                                     WindowFrame frame, List<DataType> types, String name) {
        if (operands.size() != 1) {
            throw unsupported(name + " of " + operands.size() + " arguments over a window");
        }
        int arg = column(operands.get(0), name);
        DataType argType = types.get(arg);
        if ((function == AggregateFunction.SUM || function == AggregateFunction.AVG) && !TypeRules.isNumeric(argType)) {
            throw ErrorCode.INVALID_QUERY.exception(function + " of " + argType + " is not supported");
        }
        return new WindowFunction(kind, arg, 0, null, frame, AggregateCall.resultTypeOf(function, argType));
    }

    /** LAG / LEAD (value [, offset [, default]]): offset a constant (1 when absent), default a constant or column. */
    private WindowFunction lagOrLead(Window.RexWinAggCall call, List<DataType> types) {
        List<RexNode> operands = call.getOperands();
        String name = call.getOperator().getName();
        int arg = column(operands.get(0), name);
        DataType type = types.get(arg);
        long offset = operands.size() > 1 ? constant(operands.get(1), name + "'s offset") : 1;
        if (offset < 0) {
            throw ErrorCode.INVALID_QUERY.exception(name + "'s offset must not be negative: " + offset);
        }
        Expr defaultValue = null;
        if (operands.size() > 2) {
            Expr d = value(operands.get(2), types);
            if (!(d instanceof Literal lit && lit.value() == null)) {
                defaultValue = d.type().equals(type) ? d : Exprs.cast(d, type);
            }
        }
        WindowFunction.Kind kind = call.getOperator().getKind() == org.apache.calcite.sql.SqlKind.LAG
                ? WindowFunction.Kind.LAG : WindowFunction.Kind.LEAD;
        return new WindowFunction(kind, arg, offset, defaultValue, null, type);
    }

    /** An operand that must be an input column (the projection below the window computes expressions). */
    private int column(RexNode operand, String function) {
        if (operand instanceof RexInputRef ref && ref.getIndex() < inputWidth) {
            return mapping[ref.getIndex()];
        }
        throw unsupported(function + " of a constant over a window");
    }

    /** An operand as a plan expression: an input column or one of the window's constants. */
    private Expr value(RexNode operand, List<DataType> types) {
        if (operand instanceof RexInputRef ref && ref.getIndex() < inputWidth) {
            int column = mapping[ref.getIndex()];
            return new ColumnRef(column, types.get(column));
        }
        RexLiteral lit = literal(operand);
        if (lit == null) {
            throw unsupported("this window function argument: " + operand);
        }
        return RexTranslator.literal(lit);
    }

    /** The constant an operand or frame offset stands for: a literal, or a reference to the window's constants. */
    private long constant(RexNode operand, String what) {
        RexLiteral lit = literal(operand);
        Long value = lit == null ? null : lit.getValueAs(Long.class);
        if (value == null) {
            throw unsupported(what + " that is not a constant integer");
        }
        return value;
    }

    private RexLiteral literal(RexNode operand) {
        if (operand instanceof RexLiteral lit) {
            return lit;
        }
        if (operand instanceof RexInputRef ref && ref.getIndex() >= inputWidth
                && ref.getIndex() - inputWidth < window.constants.size()) {
            return window.constants.get(ref.getIndex() - inputWidth);
        }
        return null;
    }

    private static io.shoaldb.common.error.ShoalException unsupported(String what) {
        return ErrorCode.NOT_SUPPORTED.exception(what);
    }
}
