package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The build side of a broadcast join once its rows no longer fit, shared by all its build drivers: the rows are
 * split into {@link JoinPartitioner#FANOUT} partitions by key hash, and one set of partitions is written out for the
 * whole build - the probe side diverts rows by partition, so every build driver must agree on which ones. Each driver
 * keeps its own in-memory rows per partition (no lock per batch); whenever the rows of the partitions still in memory,
 * summed over all drivers, are over the query's spill threshold, the largest such partition (over all drivers) is
 * marked written-out and gets one run: the driver that marked it writes its own rows of it at once, the others at
 * their next batch or when the build ends. Appends to a partition's run are serialised on its writer.
 */
final class BroadcastSpillingBuild {
    private static final int INITIAL_ROWS = 64;

    private final List<DataType> types;
    private final JoinPartitioner partitioner;
    private final QuerySpill spill;
    /** [driver][partition]: touched only by that driver, and by the last driver to finish once all have. */
    private final BatchBuilder[][] inMemory;
    /** [driver * FANOUT + partition]: the bytes {@code inMemory} holds, read by every driver to choose a partition. */
    private final AtomicLongArray bytes;
    /** One run per written-out partition, created under this object's lock before its bit is set. */
    private final SpillWriter[] writers = new SpillWriter[JoinPartitioner.FANOUT];
    private volatile int spilledMask;

    BroadcastSpillingBuild(List<DataType> types, JoinPartitioner partitioner, QuerySpill spill, int drivers) {
        this.types = types;
        this.partitioner = partitioner;
        this.spill = spill;
        this.inMemory = new BatchBuilder[drivers][JoinPartitioner.FANOUT];
        this.bytes = new AtomicLongArray(drivers * JoinPartitioner.FANOUT);
    }

    /** Takes build driver {@code driver}'s rows (any batch: copied or written), then spills until the rest fits. */
    void add(int driver, Batch batch) {
        int mask = spilledMask;
        writeNewlySpilled(driver, mask);
        if (batch.positionCount() > 0) {
            Batch[] parts = JoinPartitioner.split(batch, partitioner.partitions(batch, 0));
            for (int p = 0; p < parts.length; p++) {
                if (parts[p] == null) {
                    continue;
                }
                if ((mask & 1 << p) != 0) {
                    write(p, parts[p]);
                    continue;
                }
                BatchBuilder b = inMemory[driver][p];
                if (b == null) {
                    b = inMemory[driver][p] = new BatchBuilder(types, INITIAL_ROWS);
                }
                Batch rows = parts[p].compact();
                for (int c = 0; c < types.size(); c++) {
                    b.column(c).appendRange(Flat.of(rows.column(c)), 0, rows.positionCount());
                }
                bytes.set(slot(driver, p), b.retainedBytes());
            }
        }
        while (spill.shouldSpill(JoinHashTable.estimatedBytes(inMemoryBytes()))) {
            int largest = largestInMemory();
            if (largest < 0) {
                break;
            }
            markSpilled(largest);
            writeOut(driver, largest);
        }
    }

    /** Rows of every driver's partitions still in memory (written-out ones are on their way to disk). */
    private long inMemoryBytes() {
        int mask = spilledMask;
        long total = 0;
        for (int i = 0; i < bytes.length(); i++) {
            if ((mask & 1 << (i % JoinPartitioner.FANOUT)) == 0) {
                total += bytes.get(i);
            }
        }
        return total;
    }

    private int largestInMemory() {
        int mask = spilledMask;
        int largest = -1;
        long most = 0;
        for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
            if ((mask & 1 << p) != 0) {
                continue;
            }
            long total = 0;
            for (int d = 0; d < inMemory.length; d++) {
                total += bytes.get(slot(d, p));
            }
            if (total > most) {
                largest = p;
                most = total;
            }
        }
        return largest;
    }

    private synchronized void markSpilled(int p) {
        if ((spilledMask & 1 << p) == 0) {
            writers[p] = spill.newRun(types);
            spilledMask |= 1 << p;
        }
    }

    /** Partitions other drivers marked since this driver last looked: its rows of them go to their runs. */
    private void writeNewlySpilled(int driver, int mask) {
        for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
            if ((mask & 1 << p) != 0 && inMemory[driver][p] != null) {
                writeOut(driver, p);
            }
        }
    }

    private void writeOut(int driver, int p) {
        BatchBuilder b = inMemory[driver][p];
        inMemory[driver][p] = null;
        bytes.set(slot(driver, p), 0);
        if (b != null && b.rowCount() > 0) {
            write(p, b.build());
        }
    }

    private void write(int p, Batch rows) {
        SpillWriter w = writers[p]; // published before the bit this caller saw (volatile write after it)
        synchronized (w) {
            w.append(SpilledJoin.conform(rows, types));
        }
    }

    /** What build driver {@code driver} holds in memory. */
    long retainedBytes(int driver) {
        long total = 0;
        for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
            total += bytes.get(slot(driver, p));
        }
        return total;
    }

    /**
     * Ends the build, called by the last build driver once every other one has finished: the rows of the partitions
     * still in memory, from every driver, in one batch, and the finished runs.
     */
    synchronized SpillingBuild.Result finish() {
        int mask = spilledMask;
        int rows = 0;
        for (int d = 0; d < inMemory.length; d++) {
            writeNewlySpilled(d, mask);
            for (BatchBuilder b : inMemory[d]) {
                rows += b == null ? 0 : b.rowCount();
            }
        }
        BatchBuilder all = new BatchBuilder(types, rows);
        for (int d = 0; d < inMemory.length; d++) {
            for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
                BatchBuilder b = inMemory[d][p];
                inMemory[d][p] = null;
                bytes.set(slot(d, p), 0);
                if (b != null) {
                    Batch part = b.build();
                    for (int c = 0; c < types.size(); c++) {
                        all.column(c).appendRange(Flat.of(part.column(c)), 0, part.positionCount());
                    }
                }
            }
        }
        SpillRun[] runs = new SpillRun[JoinPartitioner.FANOUT];
        for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
            if (writers[p] != null) {
                runs[p] = writers[p].finish();
                writers[p] = null;
            }
        }
        return new SpillingBuild.Result(all.build(), runs);
    }

    private static int slot(int driver, int partition) {
        return driver * JoinPartitioner.FANOUT + partition;
    }
}
