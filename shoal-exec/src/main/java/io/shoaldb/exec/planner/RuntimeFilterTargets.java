package io.shoaldb.exec.planner;

import io.shoaldb.exec.operator.join.RuntimeFilterSlot;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalFilter;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.vector.type.TypeId;
import java.util.ArrayList;
import java.util.List;

/**
 * Which scans a join's build can filter at run time: for each key of an INNER, SEMI, RIGHT_SEMI or RIGHT_ANTI join
 * (the joins whose probe rows without a match return nothing), follow the probe key down through filters, projections
 * of plain columns, the probe sides of other joins (not of RIGHT_SEMI/RIGHT_ANTI joins, whose output is build rows)
 * and HASH exchanges to a scan column. Every row that reaches the join's probe side holds the value that
 * scan row held, so a scan row whose key no build row has can only produce rows the join drops. A build-side column
 * of an INNER join below that is one of its equality keys holds, in every row the join outputs, the value of the
 * matching probe key, so the trace goes on from that probe key: TPC-H Q18's {@code o_orderkey IN (...)} over
 * {@code lineitem JOIN orders} filters the lineitem scan by the few keys of the subquery. Under a broadcast or
 * colocated join the scan runs in the probe pipeline, which starts after the build finished; under a partitioned
 * join (or below another exchange) it runs alongside the build and filters the work units it opens after the filter
 * is published. Keys compared null-safe, computed keys and floating-point keys (NaN and -0.0 compare apart from
 * equality) are left alone.
 */
final class RuntimeFilterTargets {
    /** A scan and the slot its filter arrives in. */
    record Target(PhysicalScan scan, RuntimeFilterSlot slot) {
    }

    private RuntimeFilterTargets() {
    }

    static List<Target> of(PhysicalHashJoin join) {
        List<Target> out = new ArrayList<>();
        if (!dropsUnmatchedProbe(join.type())) {
            return out;
        }
        for (int k = 0; k < join.probeKeys().size(); k++) {
            if (join.nullSafe().get(k) || !(join.probeKeys().get(k) instanceof ColumnRef probeKey)
                    || !(join.buildKeys().get(k) instanceof ColumnRef buildKey)
                    || probeKey.type().id() == TypeId.FLOAT || probeKey.type().id() == TypeId.DOUBLE) {
                continue;
            }
            PhysicalScan[] scan = new PhysicalScan[1];
            int column = trace(join.probe(), probeKey.index(), scan);
            if (column >= 0) {
                out.add(new Target(scan[0], new RuntimeFilterSlot(buildKey.index(), column,
                        scan[0].columns().get(column).tableIndex(), scan[0].columns().get(column).type())));
            }
        }
        return out;
    }

    /** Joins whose probe rows without a match return nothing: a filter on the build keys changes no answer. */
    private static boolean dropsUnmatchedProbe(JoinType type) {
        return type == JoinType.INNER || type == JoinType.SEMI || type == JoinType.RIGHT_SEMI
                || type == JoinType.RIGHT_ANTI;
    }

    /**
     * The probe column that an INNER join's build column {@code buildColumn} equals in every output row - the probe
     * side of a key pair of plain columns of one type, compared with '=' - or -1.
     */
    private static int probeKeyEqualTo(PhysicalHashJoin join, int buildColumn) {
        for (int k = 0; k < join.buildKeys().size(); k++) {
            if (!join.nullSafe().get(k) && join.buildKeys().get(k) instanceof ColumnRef b && b.index() == buildColumn
                    && join.probeKeys().get(k) instanceof ColumnRef p && p.type().equals(b.type())) {
                return p.index();
            }
        }
        return -1;
    }

    /** The scan column output {@code column} of {@code node} is, within one pipeline, or -1. */
    private static int trace(PhysicalNode node, int column, PhysicalScan[] scan) {
        return switch (node) {
            case PhysicalScan s -> {
                scan[0] = s;
                yield s.outputs().get(column);
            }
            case PhysicalFilter f -> trace(f.input(), column, scan);
            case PhysicalProject p -> p.expressions().get(column) instanceof ColumnRef r
                    ? trace(p.input(), r.index(), scan) : -1;
            case PhysicalHashJoin j -> {
                if (j.type().outputsBuildOnly()) {
                    yield -1;
                }
                int probeWidth = j.probe().outputTypes().size();
                if (column < probeWidth) {
                    yield trace(j.probe(), column, scan);
                }
                int probeKey = j.type() == JoinType.INNER ? probeKeyEqualTo(j, column - probeWidth) : -1;
                yield probeKey >= 0 ? trace(j.probe(), probeKey, scan) : -1;
            }
            case PhysicalExchange e -> e.kind() == PhysicalExchange.Kind.HASH ? trace(e.input(), column, scan) : -1;
            default -> -1;
        };
    }
}
