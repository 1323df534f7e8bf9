package io.shoaldb.exec.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateFunction;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Comparison;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JoinOutputDemandTest {
    private static PhysicalValues ints(int columns) {
        return new PhysicalValues(Collections.nCopies(columns, DataType.INT), List.of());
    }

    private static ColumnRef col(int i) {
        return new ColumnRef(i, DataType.INT);
    }

    private static PhysicalHashJoin join(PhysicalNode probe, PhysicalNode build, int probeKey, int buildKey,
                                         Expr residual) {
        return new PhysicalHashJoin(probe, build, JoinType.INNER, List.of(col(probeKey)), List.of(col(buildKey)),
                List.of(false), residual, PhysicalHashJoin.Distribution.BROADCAST);
    }

    private static BitSet bits(int... columns) {
        BitSet b = new BitSet();
        for (int c : columns) {
            b.set(c);
        }
        return b;
    }

    @Test
    void aProjectionAboveAChainOfJoinsLetsEachCopyOnlyWhatIsReadAboveIt() {
        // lower: (a0 a1 a2) x (b0 b1) on a0 = b0; upper: lower x (c0 c1) on b1 (column 4) = c0
        PhysicalHashJoin lower = join(ints(3), ints(2), 0, 0, null);
        PhysicalHashJoin upper = join(lower, ints(2), 4, 0, null);
        Map<PhysicalHashJoin, BitSet> demand = new IdentityHashMap<>();
        JoinOutputDemand.collect(new PhysicalProject(upper, List.of(col(6), col(1))), demand);
        assertThat(demand.get(upper)).isEqualTo(bits(1, 6));
        // what the upper join returns of its probe side, and its probe key
        assertThat(demand.get(lower)).isEqualTo(bits(1, 4));
    }

    @Test
    void theResidualsProbeColumnsAreReadFromBelowAndTheOutermostProjectionCounts() {
        PhysicalHashJoin lower = join(ints(3), ints(2), 0, 0, null);
        Expr residual = new Comparison(Comparison.Op.LT, col(2), col(5));
        PhysicalHashJoin upper = join(lower, ints(2), 4, 0, residual);
        // a column reordering (as the translator puts over a join that swapped its sides) under the real projection
        PhysicalProject reorder = new PhysicalProject(upper, List.of(col(5), col(6), col(0), col(1), col(2), col(3),
                col(4)));
        Map<PhysicalHashJoin, BitSet> demand = new IdentityHashMap<>();
        JoinOutputDemand.collect(new PhysicalProject(reorder, List.of(col(0))), demand);
        JoinOutputDemand.collect(reorder, demand); // met later by the planner: changes nothing
        assertThat(demand.get(upper)).isEqualTo(bits(5));
        assertThat(demand.get(lower)).isEqualTo(bits(2, 4));
    }

    @Test
    void anAggregationOverAJoinReadsItsKeysAndArgumentsOnly() {
        // TPC-H Q13's shape: (o0 o1 o2) x (c0) on o1 = c0, grouped by c0 (column 3) counting o0; o2 only filtered below
        PhysicalHashJoin join = join(ints(3), ints(1), 1, 0, null);
        Map<PhysicalHashJoin, BitSet> demand = new IdentityHashMap<>();
        List<AggregateCall> count = List.of(AggregateCall.of(AggregateFunction.COUNT, 0, DataType.INT),
                AggregateCall.of(AggregateFunction.COUNT_STAR, -1, null));
        JoinOutputDemand.collect(new PhysicalHashAggregate(join, AggregateStep.PARTIAL, List.of(3), count), demand);
        assertThat(demand.get(join)).isEqualTo(bits(0, 3));
    }

    @Test
    void aFinalAggregationReadsStatesAndRecordsNothing() {
        PhysicalHashJoin join = join(ints(3), ints(1), 1, 0, null);
        Map<PhysicalHashJoin, BitSet> demand = new IdentityHashMap<>();
        JoinOutputDemand.collect(new PhysicalHashAggregate(join, AggregateStep.FINAL, List.of(3),
                List.of(AggregateCall.of(AggregateFunction.SUM, 0, DataType.INT))), demand);
        assertThat(demand).isEmpty();
    }
    @Test
    void aListedJoinsBuildPipelineCopiesOnlyTheKeysResidualAndDemandedBuildColumns() {
        // TPC-H Q9's shape: lower (a0 a1 a2) x (b0 b1) on a0 = b0 builds upper: (p0 p1) x lower on p0 = a1 (column 1
        // of lower), with a residual p1 < a2; the projection reads p1 and b1 (column 2 + 4)
        PhysicalHashJoin lower = join(ints(3), ints(2), 0, 0, null);
        Expr residual = new Comparison(Comparison.Op.LT, col(1), col(4));
        PhysicalHashJoin upper = join(ints(2), lower, 0, 1, residual);
        Map<PhysicalHashJoin, BitSet> demand = new IdentityHashMap<>();
        JoinOutputDemand.collect(new PhysicalProject(upper, List.of(col(1), col(6))), demand);
        assertThat(demand.get(upper)).isEqualTo(bits(1, 6));
        // b1, the build key a1 and the residual's a2; a0 and b0 were only lower's own keys
        assertThat(JoinOutputDemand.collectBuild(upper, lower, demand)).isEqualTo(bits(1, 2, 4));
        assertThat(demand.get(lower)).isEqualTo(bits(1, 2, 4));
    }

    @Test
    void anUnlistedJoinReadsAllItsBuildRowsAndRecordsNothingBelow() {
        PhysicalHashJoin lower = join(ints(3), ints(2), 0, 0, null);
        PhysicalHashJoin upper = join(ints(2), lower, 0, 1, null);
        Map<PhysicalHashJoin, BitSet> demand = new IdentityHashMap<>();
        assertThat(JoinOutputDemand.collectBuild(upper, lower, demand)).isNull();
        assertThat(demand).isEmpty();
    }
}
