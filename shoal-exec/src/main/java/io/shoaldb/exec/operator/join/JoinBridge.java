package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.PipelineSink;
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
 */
public final class JoinBridge implements PipelineSink {
    private final PhysicalHashJoin node;
    private final List<DataType> types;
    private final boolean partitioned;
    private final int probersPerTable;
    private final BatchBuilder[] buffers;
    private final JoinHashTable[] tables;
    private final List<RuntimeFilterSlot> runtimeFilters = new ArrayList<>();
    private int unfinished;

    public JoinBridge(PhysicalHashJoin node, int buildDrivers, int probeDrivers) {
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
    }

    /** A probe-side scan this (broadcast) build filters once complete; call before the build runs. */
    public void addRuntimeFilter(RuntimeFilterSlot slot) {
        runtimeFilters.add(slot);
    }

    @Override
    public boolean add(int driver, Batch batch, Driver self) {
        if (buffers[driver] == null) {
            buffers[driver] = new BatchBuilder(types, 4096);
        }
        Batch c = batch.compact();
        for (int i = 0; i < types.size(); i++) {
            FlatVector v = Flat.of(c.column(i));
            buffers[driver].column(i).appendRange(v, 0, c.positionCount());
        }
        return true;
    }

    @Override
    public void finish(int driver) {
        if (partitioned) {
            Batch rows = take(driver);
            JoinHashTable table = JoinHashTable.build(rows, node.buildKeys(), node.nullSafe(), probersPerTable);
            synchronized (this) {
                tables[driver] = table;
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

    PhysicalHashJoin node() {
        return node;
    }
}
