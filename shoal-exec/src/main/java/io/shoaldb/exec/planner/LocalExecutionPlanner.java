package io.shoaldb.exec.planner;

import io.shoaldb.exec.ExecutionListener;
import io.shoaldb.exec.exchange.LocalExchange;
import io.shoaldb.exec.exchange.MergeExchange;
import io.shoaldb.exec.operator.EnforceSingleRowOperator;
import io.shoaldb.exec.operator.FilterOperator;
import io.shoaldb.exec.operator.HashAggregationOperator;
import io.shoaldb.exec.operator.LimitOperator;
import io.shoaldb.exec.operator.ProjectOperator;
import io.shoaldb.exec.operator.RepeatOperator;
import io.shoaldb.exec.operator.ScanSourceOperator;
import io.shoaldb.exec.operator.SortOperator;
import io.shoaldb.exec.operator.ValuesOperator;
import io.shoaldb.exec.operator.join.HashJoinOperator;
import io.shoaldb.exec.operator.join.JoinBridge;
import io.shoaldb.exec.operator.window.WindowOperator;
import io.shoaldb.exec.profile.PlanStep;
import io.shoaldb.exec.profile.QueryProfile;
import io.shoaldb.exec.task.Pipeline;
import io.shoaldb.exec.task.QueryExecution;
import io.shoaldb.exec.task.ResultQueue;
import io.shoaldb.sql.planner.physical.PhysicalEnforceSingleRow;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.PhysicalFilter;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalLimit;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import io.shoaldb.sql.planner.physical.PhysicalRepeat;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.planner.physical.PhysicalSort;
import io.shoaldb.sql.planner.physical.PhysicalUnion;
import io.shoaldb.sql.planner.physical.PhysicalValues;
import io.shoaldb.sql.planner.physical.PhysicalWindow;
import io.shoaldb.storage.TableSnapshot;
import io.shoaldb.storage.scan.ScanRange;
import io.shoaldb.storage.scan.ScanRanges;
import io.shoaldb.exec.operator.join.RuntimeFilterSlot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongFunction;

/**
 * Cuts a physical plan into pipelines and adds them to a {@link QueryExecution}. A pipeline ends at a sink:
 * an exchange (the plan's exchanges), a join's hash build (the build input of every join), or the result.
 * Its driver count follows from its source: scans run on {@code parallelism} drivers that share the
 * scan's work units (page ranges, {@code ScanRanges}) - a scan read by bucket (under a colocated join or
 * aggregation) on at most one driver per bucket, each driver taking the units of its own buckets
 * ({@link BucketUnits}) -, an exchange has one driver per consumer partition (GATHER: one), constants one. Operators
 * between source and sink are created per driver. Aggregations and sorts consume their input inside their
 * pipeline (the partial / final split across an exchange is the planner's). A join's probe pipeline depends
 * on its build pipeline; a BROADCAST exchange under a join's build side is not materialised, because in one
 * process every probe driver can read the one shared hash table. When the query has a {@link QueryProfile}, each
 * node's operators are made through it, so that EXPLAIN can show which pipeline runs which node.
 */
public final class LocalExecutionPlanner {
    private final QueryExecution query;
    private final LongFunction<TableSnapshot> snapshots;
    private final int parallelism;
    private final int exchangeCapacity;
    private final ExecutionListener listener;
    /** Runtime filters join builds will publish, by the probe-side scan (node identity) that applies them. */
    private final Map<PhysicalScan, List<RuntimeFilterSlot>> runtimeFilters = new IdentityHashMap<>();
    /** The output columns read above a join, for the joins under a projection or aggregation ({@link JoinOutputDemand}). */
    private final Map<PhysicalHashJoin, BitSet> joinDemand = new IdentityHashMap<>();

    /** A plan subtree as the part of a pipeline it becomes: its drivers, their operators, the builds it waits for. */
    private record Fragment(int drivers, Pipeline.Chain chain, List<Pipeline> dependencies) {
    }

    public LocalExecutionPlanner(QueryExecution query, LongFunction<TableSnapshot> snapshots, int parallelism,
                                 int exchangeCapacity, ExecutionListener listener) {
        this.query = query;
        this.snapshots = snapshots;
        this.parallelism = parallelism;
        this.exchangeCapacity = exchangeCapacity;
        this.listener = listener;
    }

    /** Adds the plan's pipelines; the returned queue receives the root pipeline's batches. */
    public ResultQueue plan(PhysicalNode root) {
        Fragment f = fragment(root);
        ResultQueue result = new ResultQueue(query, exchangeCapacity, f.drivers());
        query.add(new Pipeline("result", f.drivers(), f.chain(), result, f.dependencies()));
        return result;
    }

    private Fragment fragment(PhysicalNode node) {
        QueryProfile profile = query.profile();
        if (profile == null) {
            return cut(node);
        }
        PlanStep step = profile.enter(node);
        Fragment f = cut(node);
        return new Fragment(f.drivers(), profile.exit(step, f.chain()), f.dependencies());
    }

    private Fragment cut(PhysicalNode node) {
        return switch (node) {
            case PhysicalScan s -> scan(s);
            case PhysicalValues v -> new Fragment(1, (i, self) -> new ValuesOperator(v), List.of());
            case PhysicalExchange e -> exchange(e);
            case PhysicalFilter f -> wrap(f.input(), in -> new FilterOperator(in, f.condition()));
            case PhysicalProject p -> {
                JoinOutputDemand.collect(p, joinDemand);
                yield wrap(p.input(), in -> new ProjectOperator(in, p.expressions()));
            }
            case PhysicalHashAggregate a -> {
                JoinOutputDemand.collect(a, joinDemand);
                yield wrap(a.input(), in -> new HashAggregationOperator(in, a, query.spill()));
            }
            case PhysicalSort s -> wrap(s.input(), in -> new SortOperator(in, s.input().outputTypes(), s.keys(),
                    s.offset(), s.fetch(), query.spill()));
            case PhysicalLimit l -> wrap(l.input(), in -> new LimitOperator(in, l.offset(), l.fetch()));
            case PhysicalEnforceSingleRow e -> {
                Fragment in = single(fragment(e.input()), e.input());
                yield new Fragment(1, (i, self) -> new EnforceSingleRowOperator(in.chain().create(i, self),
                        e.outputTypes()), in.dependencies());
            }
            case PhysicalHashJoin j -> join(j);
            case PhysicalUnion u -> union(u);
            case PhysicalRepeat r -> wrap(r.input(), in -> new RepeatOperator(in, r));
            case PhysicalWindow w -> wrap(w.input(), in -> new WindowOperator(in, w, query.spill()));
        };
    }

    private Fragment scan(PhysicalScan s) {
        TableSnapshot snapshot = snapshots.apply(s.tableId());
        List<ScanRange> ranges = ScanRanges.split(snapshot, parallelism);
        List<RuntimeFilterSlot> filters = runtimeFilters.getOrDefault(s, List.of());
        runtimeFilters.remove(s); // only the occurrence in the join's probe pipeline, reached first
        if (s.byBucket()) {
            BucketUnits byBucket = BucketUnits.of(snapshot, ranges, parallelism);
            return new Fragment(byBucket.drivers(), (i, self) -> new ScanSourceOperator(snapshot, s, byBucket.units(i),
                    unit -> listener.scanTaskStarted(s.tableId(), unit.tabletId()), query.scans(), filters), List.of());
        }
        ConcurrentLinkedQueue<ScanRange> units = new ConcurrentLinkedQueue<>(ranges);
        return new Fragment(parallelism, (i, self) -> new ScanSourceOperator(snapshot, s, units,
                unit -> listener.scanTaskStarted(s.tableId(), unit.tabletId()), query.scans(), filters), List.of());
    }

    private Fragment exchange(PhysicalExchange e) {
        Fragment in = fragment(e.input());
        if (e.kind() == PhysicalExchange.Kind.MERGE) {
            MergeExchange merge = new MergeExchange(query, e.ordering(), in.drivers(), exchangeCapacity);
            query.add(new Pipeline("exchange-MERGE", in.drivers(), in.chain(), merge, in.dependencies()));
            return new Fragment(1, merge::source, List.of());
        }
        int consumers = e.kind() == PhysicalExchange.Kind.GATHER ? 1 : parallelism;
        LocalExchange exchange = new LocalExchange(query, e.kind(), e.keys(), in.drivers(), consumers, exchangeCapacity);
        query.add(new Pipeline("exchange-" + e.kind(), in.drivers(), in.chain(), exchange, in.dependencies()));
        return new Fragment(consumers, exchange::source, List.of());
    }

    private Fragment join(PhysicalHashJoin j) {
        List<RuntimeFilterTargets.Target> targets = RuntimeFilterTargets.of(j);
        targets.forEach(t -> runtimeFilters.computeIfAbsent(t.scan(), k -> new ArrayList<>()).add(t.slot()));
        Fragment probe = fragment(j.probe());
        PhysicalNode buildNode = j.build() instanceof PhysicalExchange e && e.kind() == PhysicalExchange.Kind.BROADCAST
                ? e.input() : j.build();
        BitSet buildRead = JoinOutputDemand.collectBuild(j, buildNode, joinDemand);
        Fragment build = fragment(buildNode);
        JoinBridge bridge = new JoinBridge(j, build.drivers(), probe.drivers(), query.spill(), buildRead);
        query.memory().trackShared(bridge::retainedBytes);
        targets.forEach(t -> bridge.addRuntimeFilter(t.slot()));
        Pipeline buildPipeline = new Pipeline("join-build", build.drivers(), build.chain(), bridge, build.dependencies());
        query.add(buildPipeline);
        List<Pipeline> dependencies = new ArrayList<>(probe.dependencies());
        dependencies.add(buildPipeline);
        return new Fragment(probe.drivers(),
                (i, self) -> self.track(new HashJoinOperator(probe.chain().create(i, self), bridge, i, self,
                        joinDemand.get(j))),
                dependencies);
    }

    /**
     * UNION ALL concatenates its branches' drivers: drivers {@code 0..n0-1} run branch 0 (as its drivers
     * {@code 0..n0-1}), the next {@code n1} branch 1, and so on, all in the one pipeline of the consumer above, so
     * the branches run in parallel and nothing is gathered. The pipeline waits for every branch's join builds.
     */
    private Fragment union(PhysicalUnion u) {
        List<Fragment> branches = u.inputs().stream().map(this::fragment).toList();
        int[] first = new int[branches.size() + 1];
        List<Pipeline> dependencies = new ArrayList<>();
        for (int b = 0; b < branches.size(); b++) {
            first[b + 1] = first[b] + branches.get(b).drivers();
            dependencies.addAll(branches.get(b).dependencies());
        }
        return new Fragment(first[branches.size()], (i, self) -> {
            int b = 0;
            while (i >= first[b + 1]) {
                b++;
            }
            return branches.get(b).chain().create(i - first[b], self);
        }, dependencies);
    }

    /** The fragment on one driver: a GATHER exchange is added when it runs on several. */
    private Fragment single(Fragment f, PhysicalNode node) {
        if (f.drivers() == 1) {
            return f;
        }
        LocalExchange exchange = new LocalExchange(query, PhysicalExchange.Kind.GATHER, List.of(), f.drivers(), 1,
                exchangeCapacity);
        query.add(new Pipeline("exchange-GATHER", f.drivers(), f.chain(), exchange, f.dependencies()));
        return new Fragment(1, exchange::source, List.of());
    }

    private interface Wrapper {
        io.shoaldb.exec.operator.Operator wrap(io.shoaldb.exec.operator.Operator input);
    }

    private Fragment wrap(PhysicalNode input, Wrapper wrapper) {
        Fragment in = fragment(input);
        return new Fragment(in.drivers(), (i, self) -> self.track(wrapper.wrap(in.chain().create(i, self))),
                in.dependencies());
    }
}
