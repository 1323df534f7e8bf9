package io.shoaldb.exec.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.operator.ExchangeSourceOperator;
import io.shoaldb.exec.operator.FilterOperator;
import io.shoaldb.exec.operator.HashAggregationOperator;
import io.shoaldb.exec.operator.LimitOperator;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.ProjectOperator;
import io.shoaldb.exec.operator.ScanOperator;
import io.shoaldb.exec.operator.SortOperator;
import io.shoaldb.exec.operator.ValuesOperator;
import io.shoaldb.exec.task.ExchangeBuffer;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalFilter;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalLimit;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.PhysicalSort;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.storage.TableSnapshot;

/**
 * Builds operators for the two fragments of a plan. The fragment under the (single, for now) GATHER
 * exchange is built once per tablet, with the tablet's scan at its leaf; the fragment above is built once
 * with the exchange's source at its leaf. With joins, each exchange will cut the plan into one more
 * fragment and this class will build a pipeline per fragment and split.
 */
public final class LocalExecutionPlanner {
    private LocalExecutionPlanner() {
    }

    /** The exchange of a plan, or null when it has none (constant queries). */
    public static PhysicalExchange findExchange(PhysicalNode node) {
        if (node instanceof PhysicalExchange e) {
            for (PhysicalNode in : e.inputs()) {
                if (findExchange(in) != null) {
                    throw ErrorCode.NOT_SUPPORTED.exception("plans with more than one exchange");
                }
            }
            return e;
        }
        PhysicalExchange found = null;
        for (PhysicalNode in : node.inputs()) {
            PhysicalExchange e = findExchange(in);
            if (e != null) {
                if (found != null) {
                    throw ErrorCode.NOT_SUPPORTED.exception("plans with more than one exchange");
                }
                found = e;
            }
        }
        return found;
    }

    /** The scan at the leaf of the parallel fragment. */
    public static PhysicalScan findScan(PhysicalNode node) {
        if (node instanceof PhysicalScan s) {
            return s;
        }
        if (node.inputs().size() != 1) {
            throw ErrorCode.NOT_SUPPORTED.exception("a parallel fragment without exactly one table scan");
        }
        return findScan(node.inputs().get(0));
    }

    /** The per-tablet pipeline of the fragment rooted at {@code node}. */
    public static Operator buildSplit(PhysicalNode node, TableSnapshot snapshot, long tabletId) {
        return build(node, leaf -> switch (leaf) {
            case PhysicalScan s -> new ScanOperator(snapshot, tabletId, s);
            default -> throw ErrorCode.INTERNAL_ERROR.exception("unexpected leaf " + leaf);
        });
    }

    /** The single pipeline above the exchange (or of a plan without one). */
    public static Operator buildRoot(PhysicalNode node, ExchangeBuffer exchange) {
        return build(node, leaf -> switch (leaf) {
            case PhysicalExchange e -> new ExchangeSourceOperator(exchange);
            case PhysicalValues v -> new ValuesOperator(v);
            default -> throw ErrorCode.INTERNAL_ERROR.exception("unexpected leaf " + leaf);
        });
    }

    private interface Leaves {
        Operator create(PhysicalNode leaf);
    }

    private static Operator build(PhysicalNode node, Leaves leaves) {
        return switch (node) {
            case PhysicalScan s -> leaves.create(s);
            case PhysicalExchange e -> leaves.create(e);
            case PhysicalValues v -> leaves.create(v);
            case PhysicalFilter f -> new FilterOperator(build(f.input(), leaves), f.condition());
            case PhysicalProject p -> new ProjectOperator(build(p.input(), leaves), p.expressions());
            case PhysicalHashAggregate a -> new HashAggregationOperator(build(a.input(), leaves), a);
            case PhysicalSort s -> new SortOperator(build(s.input(), leaves), s.input().outputTypes(), s.keys(),
                    s.offset(), s.fetch());
            case PhysicalLimit l -> new LimitOperator(build(l.input(), leaves), l.offset(), l.fetch());
        };
    }
}
