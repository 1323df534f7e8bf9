package io.shoaldb.sql.planner;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalFilter;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalScan;

/**
 * Makes a subtree with a {@link BucketDistribution} read its table by bucket, once a colocated join or aggregation
 * relies on it: the scan it came from is followed down the edges the property passes (filters, projections, the
 * probe side of a broadcast join, both sides of a colocated join, a colocated aggregation) and becomes
 * {@link PhysicalScan#byBucket()}. Until then scans share their work units among all drivers, which balances skewed
 * buckets.
 */
final class BucketReads {
    private BucketReads() {
    }

    static PhysicalNode pin(PhysicalNode node) {
        return switch (node) {
            case PhysicalScan s -> s.byBuckets();
            case PhysicalFilter f -> new PhysicalFilter(pin(f.input()), f.condition());
            case PhysicalProject p -> new PhysicalProject(pin(p.input()), p.expressions());
            case PhysicalHashAggregate a when a.step() == AggregateStep.SINGLE ->
                    new PhysicalHashAggregate(pin(a.input()), a.step(), a.groupKeys(), a.calls());
            // a broadcast RIGHT_SEMI/RIGHT_ANTI returns build rows from its last prober: pinning its probe side helps nothing
            case PhysicalHashJoin j when j.distribution() == PhysicalHashJoin.Distribution.BROADCAST
                    && !j.type().outputsBuildOnly() ->
                    new PhysicalHashJoin(pin(j.probe()), j.build(), j.type(), j.probeKeys(), j.buildKeys(), j.nullSafe(),
                            j.residual(), j.distribution());
            case PhysicalHashJoin j when j.distribution() == PhysicalHashJoin.Distribution.COLOCATED -> j;
            default -> throw ErrorCode.INTERNAL_ERROR.exception("no bucketed scan below " + node.getClass().getSimpleName());
        };
    }
}
