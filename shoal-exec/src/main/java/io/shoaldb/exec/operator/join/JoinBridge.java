package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.exec.task.PipelineSink;
import io.shoaldb.sql.planner.physical.JoinType;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

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
 * ({@link SpilledJoin}). A broadcast build whose rows, summed over its drivers, outgrow the threshold becomes one
 * {@link BroadcastSpillingBuild} shared by its drivers (one set of written-out partitions); the shared table holds
 * the rest, and the probe drivers share the written-out partitions ({@link BroadcastSpilledProbe}). Runtime filters
 * are published once every table is built, from all of them; a partitioned build driver that spilled copies its
 * integer filter keys from then on ({@link SpilledBuildKeys}), so its filters still cover the rows on disk. Not when a
 * broadcast build spilled, or a driver's copies outgrew their cap (they would have to be computed from the runs). NOT IN (always
 * broadcast) depends on two facts about the whole build side - is it empty, has it a NULL key - which are recorded
 * before the rows are partitioned; the rest is per key and spills like an anti join.
 */
public final class JoinBridge implements PipelineSink {
    private final PhysicalHashJoin node;
    private final List<DataType> types;
    private final boolean partitioned;
    private final int probersPerTable;
    /** The build columns the join reads (the others are held as NULL constants), or null for all. */
    private final BitSet read;
    private final BuildRows[] buffers;
    private final JoinHashTable[] tables;
    private final QuerySpill spill;
    private final JoinPartitioner buildPartitioner;
    private final SpillingBuild[] spilling;
    private final SpillingBuild.Result[] spilled;
    /** Per partitioned build driver once it spilled: its filter keys, for runtime filters that cover the runs too. */
    private final SpilledBuildKeys[] spilledKeys;
    private final List<RuntimeFilterSlot> runtimeFilters = new ArrayList<>();
    private final int probeDrivers;
    /** Broadcast: the bytes every build driver has buffered, the sum deciding when to spill. */
    private final AtomicLong broadcastBytes = new AtomicLong();
    /** Broadcast, once its build spilled: the shared partitioned build, then the probers' shared partitions. */
    private volatile BroadcastSpillingBuild broadcastBuild;
    private BroadcastSpilledProbe broadcastProbe;
    /** NOT IN: per build driver, whether it saw a row / a NULL key (facts about the whole build side). */
    private final boolean[] sawRow;
    private final boolean[] sawNullKey;
    private boolean buildEmpty;
    private boolean buildHasNullKey;
    private int unfinished;

    public JoinBridge(PhysicalHashJoin node, int buildDrivers, int probeDrivers) {
        this(node, buildDrivers, probeDrivers, null, null);
    }

    /**
     * @param spill the query's spilling, or null when this join must not spill
     * @param read  the build columns the join reads (its keys and residual's among them), or null for all of them
     */
    public JoinBridge(PhysicalHashJoin node, int buildDrivers, int probeDrivers, QuerySpill spill, BitSet read) {
        this.node = node;
        this.read = read;
        this.types = node.build().outputTypes();
        this.partitioned = node.distribution().tablePerDriver();
        if (partitioned && buildDrivers != probeDrivers) {
            throw new IllegalStateException(node.distribution() + " join with " + buildDrivers + " build and " + probeDrivers
                    + " probe drivers");
        }
        this.probersPerTable = partitioned ? 1 : probeDrivers;
        this.probeDrivers = probeDrivers;
        this.buffers = new BuildRows[buildDrivers];
        this.tables = new JoinHashTable[partitioned ? buildDrivers : 1];
        this.unfinished = buildDrivers;
        boolean canSpill = spill != null && spill.enabled() && !node.buildKeys().isEmpty();
        this.spill = canSpill ? spill : null;
        this.buildPartitioner = canSpill ? new JoinPartitioner(node.buildKeys()) : null;
        this.spilling = new SpillingBuild[buildDrivers];
        this.spilled = new SpillingBuild.Result[tables.length];
        this.spilledKeys = new SpilledBuildKeys[buildDrivers];
        boolean notIn = node.type() == JoinType.NULL_AWARE_ANTI;
        this.sawRow = notIn ? new boolean[buildDrivers] : null;
        this.sawNullKey = notIn ? new boolean[buildDrivers] : null;
    }

    /**
     * A probe-side scan this build filters once complete (a broadcast table, or the last of the tables of a partitioned
     * or colocated join); call before the build runs.
     */
    public void addRuntimeFilter(RuntimeFilterSlot slot) {
        runtimeFilters.add(slot);
    }

    @Override
    public boolean add(int driver, Batch batch, Driver self) {
        if (sawRow != null) {
            recordNotInFacts(driver, batch);
        }
        if (spilling[driver] != null) {
            if (spilledKeys[driver] != null) {
                spilledKeys[driver].add(batch);
            }
            spilling[driver].add(batch);
            return true;
        }
        BroadcastSpillingBuild shared = broadcastBuild;
        if (shared != null) {
            if (buffers[driver] != null) {
                broadcastBytes.addAndGet(-buffers[driver].retainedBytes());
                shared.add(driver, take(driver));
            }
            shared.add(driver, batch);
            return true;
        }
        if (buffers[driver] == null) {
            buffers[driver] = new BuildRows(types, read, 4096);
        }
        long before = buffers[driver].retainedBytes();
        buffers[driver].add(batch);
        long held = buffers[driver].retainedBytes();
        if (!partitioned) {
            held = broadcastBytes.addAndGet(held - before);
        }
        if (spill != null && spill.shouldSpill(JoinHashTable.estimatedBytes(held))) {
            if (partitioned) {
                SpillingBuild build = new SpillingBuild(types, buildPartitioner, spill);
                spilling[driver] = build;
                Batch rows = take(driver);
                if (!runtimeFilters.isEmpty()) {
                    spilledKeys[driver] = new SpilledBuildKeys(
                            runtimeFilters.stream().map(RuntimeFilterSlot::buildKey).distinct().toList());
                    spilledKeys[driver].add(rows);
                }
                build.add(rows);
            } else {
                broadcastBytes.addAndGet(-buffers[driver].retainedBytes());
                startBroadcastSpill().add(driver, take(driver));
            }
        }
        return true;
    }

    /** Whether every build key is in a table or, for a driver whose build spilled, in its copies. */
    private boolean everyKeyKnown() {
        for (int d = 0; d < spilled.length; d++) {
            if (spilled[d] != null && (spilledKeys[d] == null || !spilledKeys[d].complete())) {
                return false;
            }
        }
        return true;
    }

    /** Publishes each filter from the keys of every table, a spilled driver's from its copies (its table's too). */
    private void publishFilters(List<Batch> tableRows, SpilledBuildKeys[] copies) {
        for (RuntimeFilterSlot slot : runtimeFilters) {
            List<FlatVector> keys = new ArrayList<>();
            for (int d = 0; d < tableRows.size(); d++) {
                if (copies[d] != null) {
                    keys.addAll(copies[d].column(slot.buildKey()));
                } else {
                    keys.add(slot.keys(tableRows.get(d)));
                }
            }
            slot.publishKeys(keys);
        }
    }

    private synchronized BroadcastSpillingBuild startBroadcastSpill() {
        if (broadcastBuild == null) {
            broadcastBuild = new BroadcastSpillingBuild(types, buildPartitioner, spill, buffers.length);
        }
        return broadcastBuild;
    }

    /** NOT IN: whether build driver {@code driver} has seen a row, and a row with a NULL key. */
    private void recordNotInFacts(int driver, Batch batch) {
        int n = batch.positionCount();
        if (n == 0) {
            return;
        }
        sawRow[driver] = true;
        if (!sawNullKey[driver]) {
            Batch keys = new JoinKeys(node.buildKeys()).evaluate(batch);
            sawNullKey[driver] = JoinHashTable.matchableRows(keys, node.nullSafe(), n, new int[n]) < n;
        }
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
            List<Batch> all = null;
            SpilledBuildKeys[] copies = null;
            synchronized (this) {
                tables[driver] = table;
                spilled[driver] = result;
                if (--unfinished == 0) {
                    if (!runtimeFilters.isEmpty() && everyKeyKnown()) {
                        all = Arrays.stream(tables).map(JoinHashTable::rows).toList();
                        copies = spilledKeys.clone();
                    }
                    Arrays.fill(spilledKeys, null);
                }
            }
            if (all != null) { // the last table is built: the filters cover every table's keys, and the runs'
                publishFilters(all, copies);
            }
            return;
        }
        List<Batch> parts = new ArrayList<>();
        BroadcastSpillingBuild shared;
        synchronized (this) {
            if (--unfinished > 0) {
                return;
            }
            shared = broadcastBuild;
            for (int d = 0; d < buffers.length; d++) {
                if (shared != null && buffers[d] != null) {
                    shared.add(d, take(d));
                }
                parts.add(take(d));
            }
            if (sawRow != null) {
                boolean anyRow = false;
                for (int d = 0; d < buffers.length; d++) {
                    anyRow |= sawRow[d];
                    buildHasNullKey |= sawNullKey[d];
                }
                buildEmpty = !anyRow;
            }
        }
        SpillingBuild.Result result = shared == null ? null : shared.finish();
        Batch all = result == null ? concat(parts) : result.inMemory();
        if (result == null) {
            runtimeFilters.forEach(slot -> slot.publish(all));
        }
        JoinHashTable table = JoinHashTable.build(all, node.buildKeys(), node.nullSafe(), probersPerTable);
        synchronized (this) {
            tables[0] = table;
            spilled[0] = result;
            if (result != null) {
                broadcastBuild = null;
                broadcastProbe = new BroadcastSpilledProbe(spill, node.probe().outputTypes(), result, probeDrivers,
                        this::releaseBroadcastTable);
            }
        }
    }

    private Batch take(int driver) {
        BuildRows b = buffers[driver];
        buffers[driver] = null;
        return (b == null ? new BuildRows(types, read, 0) : b).build();
    }

    private Batch concat(List<Batch> parts) {
        List<Batch> nonEmpty = parts.stream().filter(b -> b.positionCount() > 0).toList();
        if (nonEmpty.size() == 1) {
            return nonEmpty.get(0);
        }
        BuildRows out = new BuildRows(types, read, nonEmpty.stream().mapToInt(Batch::positionCount).sum());
        nonEmpty.forEach(out::add);
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
            return spilling[driver].retainedBytes()
                    + (spilledKeys[driver] == null ? 0 : spilledKeys[driver].retainedBytes());
        }
        BroadcastSpillingBuild shared = broadcastBuild;
        if (shared != null && buffers[driver] == null) {
            return shared.retainedBytes(driver);
        }
        BuildRows b = buffers[driver];
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

    /**
     * How probe driver {@code probeDriver} joins the build partitions that were written out, or null when none were;
     * {@code self} is the probe driver (a broadcast join's probers wait for each other before joining them).
     */
    synchronized SpilledJoin spilledJoin(int probeDriver, Driver self) {
        if (partitioned) {
            SpillingBuild.Result result = spilled[probeDriver];
            return result == null ? null : new SpilledJoin(spill, node, result);
        }
        return broadcastProbe == null ? null
                : new SpilledJoin(spill, node, broadcastProbe, probeDriver, self, buildHasNullKey);
    }

    /** Probe driver {@code probeDriver} of a partitioned join is done with its table: its memory is free. */
    synchronized void release(int probeDriver) {
        if (partitioned) {
            tables[probeDriver] = null;
            spilled[probeDriver] = null;
        }
    }

    /** Every prober of a spilled broadcast join is past the in-memory partitions: their table's memory is free. */
    private synchronized void releaseBroadcastTable() {
        tables[0] = null;
        spilled[0] = null;
    }

    /**
     * A probe driver closed before it asked for its spilled partitions (a LIMIT above it was satisfied): the other
     * probers of a spilled broadcast join must not wait for it.
     */
    void probeClosedEarly(int probeDriver) {
        BroadcastSpilledProbe shared;
        synchronized (this) {
            shared = broadcastProbe;
        }
        if (shared != null) {
            shared.probeEnded(probeDriver);
        }
    }

    /** NOT IN: whether the whole build side is empty (then every probe row is returned). */
    synchronized boolean buildEmpty() {
        return buildEmpty;
    }

    /** NOT IN: whether the whole build side holds a NULL key (then no probe row is returned). */
    synchronized boolean buildHasNullKey() {
        return buildHasNullKey;
    }

    /** The query's spilling when this join may spill (a join with keys), else null. */
    QuerySpill spill() {
        return spill;
    }

    PhysicalHashJoin node() {
        return node;
    }
}
