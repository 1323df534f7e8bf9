package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.operator.RetainedMemory;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.storage.spill.SpillReader;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The probe driver's side of a build that wrote partitions out ({@link SpillingBuild}). While the probe input
 * streams, rows of written-out partitions are {@link #divert diverted} to one probe run per partition. Afterwards the
 * partitions are joined one at a time: the build run is loaded into a hash table and the probe run streamed through
 * it by {@link HashJoinOperator}. A build partition that still does not fit is re-partitioned - build and probe run
 * both, with the next level's hash - up to {@link JoinPartitioner#MAX_LEVEL}; a partition whose rows all share one
 * key cannot be split and is loaded as it is (over {@code exec_mem_limit} the query then fails with
 * MEM_LIMIT_EXCEEDED, measured from {@link #retainedBytes}). Every step does at most
 * {@link Operator#INPUT_BATCHES_PER_CALL} pages before it lets the driver yield. Used by one driver thread. For a
 * broadcast join the probe runs and the partitions to join are shared with the other probe drivers
 * ({@link BroadcastSpilledProbe}); the partitions this driver splits stay its own.
 */
final class SpilledJoin implements RetainedMemory, AutoCloseable {
    enum Step { WORKING, WAITING, READY, DONE }

    /** A partition still to join: its build and probe runs (null: no rows), and whether splitting it can help. */
    record Pending(int level, SpillRun build, SpillRun probe, boolean splittable) {
        long buildRows() {
            return build == null ? 0 : build.rowCount();
        }

        long probeRows() {
            return probe == null ? 0 : probe.rowCount();
        }

        void delete() {
            if (build != null) {
                build.delete();
            }
            if (probe != null) {
                probe.delete();
            }
        }
    }

    /** Capacity a loading partition starts with: a builder's size counts against the spill threshold. */
    private static final int INITIAL_ROWS = 256;

    private final QuerySpill spill;
    private final PhysicalHashJoin node;
    private final SpillingBuild.Result build;
    /** A broadcast join's partitions, shared with its other probe drivers (null: a partitioned join's own). */
    private final BroadcastSpilledProbe shared;
    private final int driver;
    private final Driver self;
    /** NOT IN whose whole build side holds a NULL key: no probe row is returned, no partition needs joining. */
    private final boolean nothingNotIn;
    private final JoinPartitioner probePartitioner;
    private final JoinPartitioner buildPartitioner;
    private final List<DataType> probeTypes;
    private final List<DataType> buildTypes;
    private final SpillWriter[] probeWriters = new SpillWriter[JoinPartitioner.FANOUT];
    private final Deque<Pending> pending = new ArrayDeque<>();

    private Pending current;
    private SpillReader buildReader;
    private BatchBuilder loading;
    private Repartition repartition;
    private JoinHashTable table;
    private SpillReader probeReader;

    /** A partitioned join's probe driver, whose build driver wrote out the partitions of {@code build}. */
    SpilledJoin(QuerySpill spill, PhysicalHashJoin node, SpillingBuild.Result build) {
        this(spill, node, build, null, 0, null, false);
    }

    /**
     * Probe driver {@code driver} of a broadcast join whose build spilled: partitions are shared with the other
     * probe drivers; {@code self} is resumed once all of them have ended their input.
     */
    SpilledJoin(QuerySpill spill, PhysicalHashJoin node, BroadcastSpilledProbe shared, int driver, Driver self,
                boolean buildHasNullKey) {
        this(spill, node, shared.build(), shared, driver, self,
                node.type() == JoinType.NULL_AWARE_ANTI && buildHasNullKey);
    }

    private SpilledJoin(QuerySpill spill, PhysicalHashJoin node, SpillingBuild.Result build,
                        BroadcastSpilledProbe shared, int driver, Driver self, boolean nothingNotIn) {
        this.spill = spill;
        this.node = node;
        this.build = build;
        this.shared = shared;
        this.driver = driver;
        this.self = self;
        this.nothingNotIn = nothingNotIn;
        this.probePartitioner = new JoinPartitioner(node.probeKeys());
        this.buildPartitioner = new JoinPartitioner(node.buildKeys());
        this.probeTypes = node.probe().outputTypes();
        this.buildTypes = node.build().outputTypes();
    }

    /** Writes the rows of written-out partitions to their probe runs; returns the others (null: none). */
    Batch divert(Batch batch) {
        int n = batch.positionCount();
        int[] parts = probePartitioner.partitions(batch, 0);
        int[] keep = new int[n];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!build.spilled(parts[i])) {
                keep[kept++] = batch.row(i);
            }
        }
        if (kept == n) {
            return batch;
        }
        Batch[] split = JoinPartitioner.split(batch, parts);
        for (int p = 0; p < split.length; p++) {
            if (split[p] != null && build.spilled(p)) {
                if (shared != null) {
                    shared.append(p, conform(split[p], probeTypes));
                    continue;
                }
                if (probeWriters[p] == null) {
                    probeWriters[p] = spill.newRun(probeTypes);
                }
                probeWriters[p].append(conform(split[p], probeTypes));
            }
        }
        return kept == 0 ? null : batch.withSelection(keep, kept);
    }

    /** The probe input has ended: the written-out partitions are what is left to join. */
    void probeEnded() {
        if (shared != null) {
            shared.probeEnded(driver);
            return;
        }
        for (int p = JoinPartitioner.FANOUT - 1; p >= 0; p--) {
            if (build.spilled(p)) {
                SpillRun probeRun = probeWriters[p] == null ? null : probeWriters[p].finish();
                probeWriters[p] = null;
                pending.addFirst(new Pending(0, build.runs()[p], probeRun, true));
            }
        }
    }

    /**
     * Works towards the next partition's hash table: READY when {@link #table()} and {@link #nextProbe()} are
     * that partition's, WORKING when the driver should yield first, WAITING when it should give its worker back until
     * the other probe drivers of a broadcast join have ended their input (it is resumed then), DONE when no partition
     * is left.
     */
    Step advance() {
        if (shared != null && !shared.ready(self)) {
            return Step.WAITING;
        }
        for (int pages = 0; pages < Operator.INPUT_BATCHES_PER_CALL; pages++) {
            if (repartition != null) {
                if (repartition.step()) {
                    repartition = null;
                }
                continue;
            }
            if (loading != null) {
                Batch b = buildReader.next();
                if (b == null) {
                    return loaded();
                }
                append(loading, b);
                if (current.splittable() && current.level() < JoinPartitioner.MAX_LEVEL
                        && spill.shouldSpill(JoinHashTable.estimatedBytes(loading.retainedBytes()))) {
                    buildReader.close();
                    buildReader = null;
                    loading = null;
                    repartition = new Repartition(current);
                    current = null;
                }
                continue;
            }
            Pending next = pending.pollFirst();
            if (next == null && shared != null) {
                next = shared.take();
            }
            if (next == null) {
                return Step.DONE;
            }
            if (producesNothing(next)) {
                next.delete();
                continue;
            }
            current = next;
            loading = new BatchBuilder(buildTypes, (int) Math.min(next.buildRows(), INITIAL_ROWS));
            buildReader = next.build == null ? null : next.build.open();
            if (buildReader == null) {
                return loaded();
            }
        }
        return Step.WORKING;
    }

    /** Whether joining the partition returns no row (then neither run needs reading). */
    private boolean producesNothing(Pending p) {
        if (nothingNotIn) {
            return true;
        }
        if (p.probeRows() == 0) {
            return p.buildRows() == 0 || !node.type().keepsUnmatchedBuild();
        }
        return p.buildRows() == 0 && switch (node.type()) {
            case INNER, SEMI, RIGHT, RIGHT_SEMI, RIGHT_ANTI -> true;
            case LEFT, FULL, ANTI, NULL_AWARE_ANTI -> false;
        };
    }

    private Step loaded() {
        if (buildReader != null) {
            buildReader.close();
            buildReader = null;
        }
        table = JoinHashTable.build(loading.build(), node.buildKeys(), node.nullSafe(), 1);
        loading = null;
        probeReader = current.probe() == null ? null : current.probe().open();
        return Step.READY;
    }

    /** The hash table of the partition being joined. */
    JoinHashTable table() {
        return table;
    }

    /** The next batch of the partition's probe run, or null at its end. */
    Batch nextProbe() {
        return probeReader == null ? null : probeReader.next();
    }

    /** The partition has been joined: its runs are deleted and its table dropped. */
    void partitionDone() {
        if (probeReader != null) {
            probeReader.close();
            probeReader = null;
        }
        current.delete();
        current = null;
        table = null;
    }

    /** The partition's hash table, or the build rows being loaded into it. */
    @Override
    public long retainedBytes() {
        return (table == null ? 0 : table.retainedBytes()) + (loading == null ? 0 : loading.retainedBytes());
    }

    /**
     * Closes open files; the runs themselves go with the query's spill files. A broadcast prober closed before the end
     * of its input counts as ended, so that the other probers do not wait for it.
     */
    @Override
    public void close() {
        if (shared != null) {
            shared.probeEnded(driver);
        }
        for (int p = 0; p < probeWriters.length; p++) {
            if (probeWriters[p] != null) {
                probeWriters[p].close();
                probeWriters[p] = null;
            }
        }
        if (buildReader != null) {
            buildReader.close();
            buildReader = null;
        }
        if (probeReader != null) {
            probeReader.close();
            probeReader = null;
        }
        if (repartition != null) {
            repartition.close();
            repartition = null;
        }
        loading = null;
        table = null;
    }

    private static void append(BatchBuilder to, Batch b) {
        Batch rows = b.compact();
        for (int c = 0; c < rows.columnCount(); c++) {
            to.column(c).appendRange(Flat.of(rows.column(c)), 0, rows.positionCount());
        }
    }

    /**
     * The batch with exactly the run's column types (a vector's type can differ from the plan's in details such as a
     * VARCHAR length, and a run takes one type per column): copied only when some column differs.
     */
    static Batch conform(Batch b, List<DataType> types) {
        boolean same = true;
        for (int c = 0; c < types.size(); c++) {
            same &= b.column(c).type().equals(types.get(c));
        }
        if (same) {
            return b;
        }
        BatchBuilder copy = new BatchBuilder(types, b.positionCount());
        append(copy, b);
        return copy.build();
    }

    /** Splits one partition's build run, then its probe run, into the next level's partitions, a page at a time. */
    private final class Repartition {
        private final Pending parent;
        private final SpillWriter[] buildOut = new SpillWriter[JoinPartitioner.FANOUT];
        private final SpillWriter[] probeOut = new SpillWriter[JoinPartitioner.FANOUT];
        private boolean probing;
        private SpillReader reader;

        Repartition(Pending parent) {
            this.parent = parent;
            this.reader = parent.build().open();
        }

        /** Moves one page; true once both runs are split and the new partitions are pending. */
        boolean step() {
            Batch b = reader == null ? null : reader.next();
            if (b != null) {
                JoinPartitioner partitioner = probing ? probePartitioner : buildPartitioner;
                Batch[] parts = JoinPartitioner.split(b, partitioner.partitions(b, parent.level() + 1));
                SpillWriter[] out = probing ? probeOut : buildOut;
                for (int p = 0; p < parts.length; p++) {
                    if (parts[p] != null) {
                        if (out[p] == null) {
                            out[p] = spill.newRun(probing ? probeTypes : buildTypes);
                        }
                        out[p].append(parts[p]);
                    }
                }
                return false;
            }
            if (reader != null) {
                reader.close();
                reader = null;
            }
            if (!probing) {
                probing = true;
                reader = parent.probe() == null ? null : parent.probe().open();
                return false;
            }
            // Sub-partitions go first, so that the runs on disk stay about the size of one partition's.
            for (int p = JoinPartitioner.FANOUT - 1; p >= 0; p--) {
                SpillRun b2 = finish(buildOut, p);
                SpillRun p2 = finish(probeOut, p);
                if (b2 != null || p2 != null) {
                    boolean progress = b2 == null || b2.rowCount() < parent.buildRows();
                    pending.addFirst(new Pending(parent.level() + 1, b2, p2, progress));
                }
            }
            parent.delete();
            return true;
        }

        private SpillRun finish(SpillWriter[] out, int p) {
            if (out[p] == null) {
                return null;
            }
            SpillRun run = out[p].finish();
            out[p] = null;
            return run;
        }

        void close() {
            if (reader != null) {
                reader.close();
                reader = null;
            }
            for (SpillWriter[] out : List.of(buildOut, probeOut)) {
                for (int p = 0; p < out.length; p++) {
                    if (out[p] != null) {
                        out[p].close();
                        out[p] = null;
                    }
                }
            }
        }
    }
}
