package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The probe side of a broadcast join whose build wrote partitions out ({@link BroadcastSpillingBuild}), shared by all
 * its probe drivers. While they stream their probe input, rows of written-out partitions go to one probe run per
 * partition, shared by the drivers (appends serialised on the writer). A driver at the end of its input waits - it
 * returns its worker and is resumed - until every probe driver is there; then each written-out partition is one
 * unit of work that exactly one driver takes: it loads the partition's build run once, streams the whole partition's
 * probe run through it and returns its unmatched build rows (RIGHT/FULL: once, as that driver saw every probe row of
 * the partition). The drivers take partitions in turn, so the partitions are joined in parallel, each loaded once.
 */
final class BroadcastSpilledProbe {
    private final QuerySpill spill;
    private final List<DataType> probeTypes;
    private final SpillingBuild.Result build;
    private final Runnable releaseTable;
    private final boolean[] ended;
    private final SpillWriter[] probeWriters = new SpillWriter[JoinPartitioner.FANOUT];
    private final List<Driver> waiting = new ArrayList<>();
    private int running;
    /** The partitions left to join, once every probe driver has ended its input (null before). */
    private Deque<SpilledJoin.Pending> pending;

    /**
     * @param releaseTable drops the shared table of the in-memory partitions, once no prober needs it
     */
    BroadcastSpilledProbe(QuerySpill spill, List<DataType> probeTypes, SpillingBuild.Result build, int probeDrivers,
                          Runnable releaseTable) {
        this.spill = spill;
        this.probeTypes = probeTypes;
        this.build = build;
        this.releaseTable = releaseTable;
        this.ended = new boolean[probeDrivers];
        this.running = probeDrivers;
    }

    SpillingBuild.Result build() {
        return build;
    }

    /** Appends probe rows of written-out partition {@code p} to its shared probe run. */
    void append(int p, Batch rows) {
        SpillWriter w;
        synchronized (this) {
            w = probeWriters[p];
            if (w == null) {
                w = probeWriters[p] = spill.newRun(probeTypes);
            }
        }
        synchronized (w) {
            w.append(rows);
        }
    }

    /**
     * Probe driver {@code driver} has ended its input (or was closed before): once every driver has, the probe runs
     * are finished and the partitions become work to take. Idempotent per driver.
     */
    void probeEnded(int driver) {
        List<Driver> resume;
        synchronized (this) {
            if (ended[driver]) {
                return;
            }
            ended[driver] = true;
            if (--running > 0) {
                return;
            }
            pending = new ArrayDeque<>();
            for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
                SpillRun probeRun = probeWriters[p] == null ? null : probeWriters[p].finish();
                probeWriters[p] = null;
                if (build.spilled(p)) {
                    pending.addLast(new SpilledJoin.Pending(0, build.runs()[p], probeRun, true));
                }
            }
            resume = new ArrayList<>(waiting);
            waiting.clear();
        }
        releaseTable.run();
        resume.forEach(Driver::resume);
    }

    /**
     * Whether the partitions are ready to take; if not, {@code self} is resumed once they are (the caller then
     * returns NOT_READY and gives its worker back).
     */
    synchronized boolean ready(Driver self) {
        if (pending != null) {
            return true;
        }
        if (self == null) {
            throw new IllegalStateException("a spilled broadcast join's prober has no driver to be resumed");
        }
        waiting.add(self);
        return false;
    }

    /** The next partition to join, or null when every partition has been taken. */
    synchronized SpilledJoin.Pending take() {
        return pending.pollFirst();
    }
}
