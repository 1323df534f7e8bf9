package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * One build driver's rows once they no longer fit: split into {@link JoinPartitioner#FANOUT} partitions by key hash,
 * some kept in memory and the others written to spill runs (a hybrid hash join). Whenever what it holds is over
 * the query's spill threshold it writes out its largest in-memory partition; rows of a written-out partition go
 * straight to its run from then on. Used by the build driver's thread only.
 */
final class SpillingBuild implements AutoCloseable {
    /** What the build leaves: the rows of the partitions still in memory, and a run per written-out partition. */
    record Result(Batch inMemory, SpillRun[] runs) {
        boolean spilled(int partition) {
            return runs[partition] != null;
        }
    }

    /** Rows a partition's buffer starts with: small, as sixteen of them count against the spill threshold. */
    private static final int INITIAL_ROWS = 64;

    private final List<DataType> types;
    private final JoinPartitioner partitioner;
    private final QuerySpill spill;
    private final BatchBuilder[] inMemory = new BatchBuilder[JoinPartitioner.FANOUT];
    private final SpillWriter[] writers = new SpillWriter[JoinPartitioner.FANOUT];

    SpillingBuild(List<DataType> types, JoinPartitioner partitioner, QuerySpill spill) {
        this.types = types;
        this.partitioner = partitioner;
        this.spill = spill;
    }

    /** Takes rows in (any batch: it is copied or written), then spills partitions until the rest fits. */
    void add(Batch batch) {
        if (batch.positionCount() == 0) {
            return;
        }
        Batch[] parts = JoinPartitioner.split(batch, partitioner.partitions(batch, 0));
        for (int p = 0; p < parts.length; p++) {
            if (parts[p] == null) {
                continue;
            }
            if (writers[p] != null) {
                writers[p].append(SpilledJoin.conform(parts[p], types));
                continue;
            }
            if (inMemory[p] == null) {
                inMemory[p] = new BatchBuilder(types, INITIAL_ROWS);
            }
            Batch rows = parts[p].compact();
            for (int c = 0; c < types.size(); c++) {
                inMemory[p].column(c).appendRange(Flat.of(rows.column(c)), 0, rows.positionCount());
            }
        }
        spillUntilTheTableFits();
    }

    /** Writes out the largest in-memory partitions while the table over the rest would be over the threshold. */
    private void spillUntilTheTableFits() {
        while (spill.shouldSpill(JoinHashTable.estimatedBytes(retainedBytes()))) {
            int largest = largestInMemory();
            if (largest < 0) {
                break;
            }
            spillPartition(largest);
        }
    }

    private int largestInMemory() {
        int largest = -1;
        long bytes = 0;
        for (int p = 0; p < inMemory.length; p++) {
            if (inMemory[p] != null && inMemory[p].rowCount() > 0 && inMemory[p].retainedBytes() > bytes) {
                largest = p;
                bytes = inMemory[p].retainedBytes();
            }
        }
        return largest;
    }

    private void spillPartition(int p) {
        writers[p] = spill.newRun(types);
        writers[p].append(inMemory[p].build());
        inMemory[p] = null;
    }

    /** The rows held in memory (the written-out partitions' page buffers are the writers' and small). */
    long retainedBytes() {
        long bytes = 0;
        for (BatchBuilder b : inMemory) {
            bytes += b == null ? 0 : b.retainedBytes();
        }
        return bytes;
    }

    /** Ends the build: the in-memory rows in one batch (for the hash table) and the finished runs. */
    Result finish() {
        int rows = 0;
        for (BatchBuilder b : inMemory) {
            rows += b == null ? 0 : b.rowCount();
        }
        BatchBuilder all = new BatchBuilder(types, rows);
        SpillRun[] runs = new SpillRun[JoinPartitioner.FANOUT];
        for (int p = 0; p < JoinPartitioner.FANOUT; p++) {
            if (writers[p] != null) {
                runs[p] = writers[p].finish();
                writers[p] = null;
            } else if (inMemory[p] != null) {
                Batch part = inMemory[p].build();
                inMemory[p] = null;
                for (int c = 0; c < types.size(); c++) {
                    all.column(c).appendRange(Flat.of(part.column(c)), 0, part.positionCount());
                }
            }
        }
        return new Result(all.build(), runs);
    }

    /** Drops unfinished runs (the query failed while building). */
    @Override
    public void close() {
        for (int p = 0; p < writers.length; p++) {
            if (writers[p] != null) {
                writers[p].close();
                writers[p] = null;
            }
        }
    }
}
