package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.PipelineSink;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * The sink of a join's build pipeline and what its probe drivers read. Each build driver copies its rows
 * into its own buffer (no lock per batch). Broadcast join: one table for all probe drivers, built by the
 * last build driver to finish from every driver's buffer. Partitioned join: build driver i builds table i
 * from its own partition as soon as it finishes - the builds run in parallel - and probe driver i uses it.
 * The probe pipeline starts only after the build pipeline has finished (a pipeline dependency), so tables
 * are complete and safely published before anyone probes.
 *
 * <p>A partitioned build that outgrows the query's spill threshold becomes a {@link SpillingBuild}: its table holds
 * only the partitions that stayed in memory, and its probe driver joins the written-out ones afterwards
 * ({@link SpilledJoin}). Broadcast builds never spill: the planner broadcasts only builds estimated under
 * {@code broadcast_row_count_limit} rows, one table serves every probe driver (spilling it would make each of them
 * read every spilled partition back), and NOT IN - always broadcast - needs the whole build side at once.
 */
public final class JoinBridge implements PipelineSink {
    private final PhysicalHashJoin node;
    private final List<DataType> types;
    private final boolean partitioned;
    private final int probersPerTable;
    private final BatchBuilder[] buffers;
    private final JoinHashTable[] tables;
    private final QuerySpill spill;
    private final JoinPartitioner buildPartitioner;
    private final SpillingBuild[] spilling;
    private final SpillingBuild.Result[] spilled;
    private final List<RuntimeFilterSlot> runtimeFilters = new ArrayList<>();
    private int unfinished;

    public JoinBridge(PhysicalHashJoin node, int buildDrivers, int probeDrivers) {
        this(node, buildDrivers, probeDrivers, null);
    }

    /** @param spill the query's spilling, or null when this join must not spill */
    public JoinBridge(PhysicalHashJoin node, int buildDrivers, int probeDrivers, QuerySpill spill) {
        this.node = node;
        this.types = node.build().outputTypes();
        this.partitioned = node.distribution() == PhysicalHashJoin.Distribution.PARTITIONED;
        if (partitioned && buildDrivers != probeDrivers) {
            throw new IllegalStateException("partitioned join with " + buildDrivers + " build and " + probeDrivers
                    + " probe drivers");
        }
        this.probersPerTable = partitioned ? 1 : probeDrivers;
        this.buffers = new BatchBuilder[buildDrivers];
        this.tables = new JoinHashTable[partitioned ? buildDrivers : 1];
        this.unfinished = buildDrivers;
        boolean canSpill = partitioned && spill != null && spill.enabled() && !node.buildKeys().isEmpty()
                && node.type() != JoinType.NULL_AWARE_ANTI;
        this.spill = canSpill ? spill : null;
        this.buildPartitioner = canSpill ? new JoinPartitioner(node.buildKeys()) : null;
        this.spilling = new SpillingBuild[buildDrivers];
        this.spilled = new SpillingBuild.Result[tables.length];
    }

    /** A probe-side scan this (broadcast) build filters once complete; call before the build runs. */
    public void addRuntimeFilter(RuntimeFilterSlot slot) {
        runtimeFilters.add(slot);
    }

    @Override
    public boolean add(int driver, Batch batch, Driver self) {
        if (spilling[driver] != null) {
            spilling[driver].add(batch);
            return true;
        }
        if (buffers[driver] == null) {
            buffers[driver] = new BatchBuilder(types, 4096);
        }
        Batch c = batch.compact();
        for (int i = 0; i < types.size(); i++) {
            FlatVector v = Flat.of(c.column(i));
            buffers[driver].column(i).appendRange(v, 0, c.positionCount());
        }
        if (spill != null && spill.shouldSpill(JoinHashTable.estimatedBytes(buffers[driver].retainedBytes()))) {
            SpillingBuild build = new SpillingBuild(types, buildPartitioner, spill);
            spilling[driver] = build;
            build.add(take(driver));
        }
        return true;
    }

    @Override
    public void finish(int driver) {
        if (partitioned) {
            SpillingBuild.Result result = null;
            Batch rows;
            if (spilling[driver] != null) {
                result = spilling[driver].finish();
                spilling[driver] = null;
                rows = result.inMemory();
            } else {
                rows = take(driver);
            }
            JoinHashTable table = JoinHashTable.build(rows, node.buildKeys(), node.nullSafe(), probersPerTable);
            synchronized (this) {
                tables[driver] = table;
                spilled[driver] = result;
            }
            return;
        }
        List<Batch> parts = new ArrayList<>();
        synchronized (this) {
            if (--unfinished > 0) {
                return;
            }
            for (int d = 0; d < buffers.length; d++) {
                parts.add(take(d));
            }
        }
        Batch all = concat(parts);
        runtimeFilters.forEach(slot -> slot.publish(all));
        JoinHashTable table = JoinHashTable.build(all, node.buildKeys(), node.nullSafe(), probersPerTable);
        synchronized (this) {
            tables[0] = table;
        }
    }

    private Batch take(int driver) {
        BatchBuilder b = buffers[driver];
        buffers[driver] = null;
        return b == null ? new BatchBuilder(types, 0).build() : b.build();
    }

    private Batch concat(List<Batch> parts) {
        List<Batch> nonEmpty = parts.stream().filter(b -> b.positionCount() > 0).toList();
        if (nonEmpty.size() == 1) {
            return nonEmpty.get(0);
        }
        int total = nonEmpty.stream().mapToInt(Batch::positionCount).sum();
        BatchBuilder out = new BatchBuilder(types, total);
        for (Batch b : nonEmpty) {
            for (int i = 0; i < types.size(); i++) {
                out.column(i).appendRange(Flat.of(b.column(i)), 0, b.positionCount());
            }
        }
        return out.build();
    }

    @Override
    public String describe() {
        return "HASH_BUILD(" + node.type() + ", " + node.distribution() + ") keys=" + node.buildKeys() + " tables="
                + tables.length;
    }

    /** The rows build driver {@code driver} has buffered and not yet handed to a table. */
    @Override
    public long retainedBytes(int driver) {
        if (spilling[driver] != null) {
            return spilling[driver].retainedBytes();
        }
        BatchBuilder b = buffers[driver];
        return b == null ? 0 : b.retainedBytes();
    }

    /** The built tables: all build rows, their distinct keys and the row chains. */
    @Override
    public synchronized long retainedBytes() {
        long bytes = 0;
        for (JoinHashTable t : tables) {
            bytes += t == null ? 0 : t.retainedBytes();
        }
        return bytes;
    }

    /** The table probe driver {@code probeDriver} joins against (complete: the build pipeline has finished). */
    synchronized JoinHashTable table(int probeDriver) {
        JoinHashTable t = tables[partitioned ? probeDriver : 0];
        if (t == null) {
            throw new IllegalStateException("join probed before its build finished");
        }
        return t;
    }

    /** The partitions of probe driver {@code probeDriver}'s build that were written out, or null when none were. */
    synchronized SpillingBuild.Result spilled(int probeDriver) {
        return partitioned ? spilled[probeDriver] : null;
    }

    /** Probe driver {@code probeDriver} of a partitioned join is done with its table: its memory is free. */
    synchronized void release(int probeDriver) {
        if (partitioned) {
            tables[probeDriver] = null;
            spilled[probeDriver] = null;
        }
    }

    /** The query's spilling when this join may spill (a partitioned join with keys), else null. */
    QuerySpill spill() {
        return spill;
    }

    PhysicalHashJoin node() {
        return node;
    }
}
