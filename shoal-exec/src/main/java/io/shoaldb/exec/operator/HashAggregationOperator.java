package io.shoaldb.exec.operator;

import io.shoaldb.exec.aggregate.DistinctPassThrough;
import io.shoaldb.exec.aggregate.HashAggregator;
import io.shoaldb.exec.aggregate.PartialAggregationFlush;
import io.shoaldb.exec.aggregate.PartitionedSpill;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.storage.spill.SpillReader;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Consumes its whole input into a {@link HashAggregator}, then returns the groups in batches. When the query's
 * {@link QuerySpill} says the groups take too much memory:
 * <ul>
 *   <li>a PARTIAL step hands the groups it has downstream at once and starts an empty table: the FINAL step after
 *       the exchange merges states of the same key from any number of flushes, so nothing is written to disk;</li>
 *   <li>a SINGLE or FINAL step writes the groups' states to disk, split by key hash into {@link PartitionedSpill}'s
 *       runs, and starts an empty table. At the end the last groups are spilled too and each partition is merged on
 *       its own in a fresh table and emitted; a partition whose table again grows too big is split once more by other
 *       hash bits, down to {@link PartitionedSpill#MAX_LEVEL}, below which it is merged whatever its size (the
 *       query's memory limit fails the query cleanly if it does not fit).</li>
 * </ul>
 * A PARTIAL step also flushes its groups downstream when its table stops reducing rows
 * ({@link PartialAggregationFlush}), so that nearly unique keys do not build a table bigger than the caches; a
 * PARTIAL step without aggregate calls whose first rows are nearly all distinct stops hashing and passes the key
 * columns of the rest of its input on as they are ({@link DistinctPassThrough}).
 * A global aggregation (no keys) holds one group and never spills.
 */
public final class HashAggregationOperator implements Operator, RetainedMemory, Spilled {
    private static final int OUTPUT_BATCH = 4096;
    private final Operator input;
    private final PhysicalHashAggregate node;
    private final QuerySpill spill;
    private final boolean canSpill;
    /** For a PARTIAL step with keys: when to flush a table that does not reduce rows; else null. */
    private final PartialAggregationFlush partialFlush;
    /** For a PARTIAL step with keys and no calls: when to stop hashing and pass rows on; else null. */
    private final DistinctPassThrough passThrough;
    /** Input rows taken in, for {@link #passThrough}. */
    private long rowsIn;
    /** Set once {@link #passThrough} said so: input batches leave as their key columns. */
    private boolean passing;
    /** The table input goes into; while merging spilled partitions, the partition's table. */
    private HashAggregator aggregator;
    private boolean consumed;
    /** Groups of {@link #aggregator} emitted so far; -1 while it is still being filled. */
    private int emitted = -1;
    /** The runs of the input's table, open while input is consumed; null until it first spills. */
    private PartitionedSpill inputSpill;
    /** Spilled partitions still to merge, deepest first. */
    private final Deque<PartitionedSpill.Partition> pending = new ArrayDeque<>();
    /** The partition being merged into {@link #aggregator}, its reader, and where it goes if it must be split. */
    private PartitionedSpill.Partition merging;
    private SpillReader reader;
    private PartitionedSpill split;
    private long spilledGroups;
    private int spills;
    private int partialFlushes;
    private long spilledBytes;
    private long spilledRuns;
    private boolean finished;
    /** Set once {@link #aggregator} is the table spilled partitions are merged in, one after the other. */
    private boolean mergesPartitions;

    /** @param spill the query's spilling; null (or disabled) keeps every group in memory */
    public HashAggregationOperator(Operator input, PhysicalHashAggregate node, QuerySpill spill) {
        this(input, node, spill, PartialAggregationFlush.DEFAULT_GROUP_LIMIT);
    }

    /** @param partialGroupLimit the table size at which a PARTIAL step checks whether to flush */
    public HashAggregationOperator(Operator input, PhysicalHashAggregate node, QuerySpill spill,
                                   int partialGroupLimit) {
        this.input = input;
        this.node = node;
        this.spill = spill;
        this.aggregator = new HashAggregator(node);
        this.canSpill = spill != null && spill.enabled() && !node.groupKeys().isEmpty();
        this.partialFlush = node.step() == AggregateStep.PARTIAL && !node.groupKeys().isEmpty()
                ? new PartialAggregationFlush(partialGroupLimit) : null;
        this.passThrough = partialFlush != null && node.calls().isEmpty() ? new DistinctPassThrough() : null;
    }

    @Override
    public Batch next() {
        while (!finished) {
            if (emitted >= 0) {
                Batch out = emit();
                if (out != null) {
                    return out;
                }
                if (consumed && merging == null && pending.isEmpty()) {
                    finished = true;
                    return null;
                }
                if (!consumed) {
                    continue; // a PARTIAL step flushed; take more input
                }
            }
            if (!consumed) {
                Batch signal = consume();
                if (signal != null) {
                    return signal;
                }
                continue;
            }
            Batch signal = mergeNextPartition();
            if (signal != null) {
                return signal;
            }
        }
        return null;
    }

    /** The next slice of {@link #aggregator}'s groups; null (and the table dropped) once all are out. */
    private Batch emit() {
        int groups = aggregator.groupCount();
        if (emitted < groups) {
            int n = Math.min(OUTPUT_BATCH, groups - emitted);
            Batch out = aggregator.output(emitted, n);
            emitted += n;
            return out;
        }
        emitted = -1;
        if ((consumed && pending.isEmpty()) || passing) {
            aggregator.reset();
        } else {
            startOver();
        }
        return null;
    }

    /**
     * Empties {@link #aggregator} for more groups of the same kind (after a flush or a spill, or between spilled
     * partitions), keeping its table at the size it reached unless a table that size, empty, would already be
     * told to spill.
     */
    private void startOver() {
        if (spill == null || !spill.shouldSpill(aggregator.reusableBytes())) {
            aggregator.restart();
        } else {
            aggregator.reset();
        }
    }

    /**
     * Takes in up to {@link Operator#INPUT_BATCHES_PER_CALL} input batches; null when it stopped to emit (the input
     * ended, or a PARTIAL step flushes), else the signal to pass up.
     */
    private Batch consume() {
        for (int i = 0; i < Operator.INPUT_BATCHES_PER_CALL; i++) {
            Batch b = input.next();
            if (b == null) {
                consumed = true;
                input.close();
                if (inputSpill == null) {
                    emitted = 0;
                } else {
                    spillTable(inputSpill);
                    aggregator.reset(); // the partitions are merged in a table of their own layout
                    counted(inputSpill.finish()).forEach(pending::add);
                    inputSpill = null;
                }
                return null;
            }
            if (Operator.isSignal(b)) {
                return b;
            }
            if (passing) {
                if (b.positionCount() == 0) {
                    continue;
                }
                return keyColumns(b);
            }
            aggregator.add(b);
            rowsIn += b.positionCount();
            if (passThrough != null && passThrough.shouldPassThrough(rowsIn, aggregator.groupCount())) {
                passing = true;
                emitted = 0;
                return null;
            }
            if (partialFlush != null && partialFlush.shouldFlush(aggregator.groupCount(), aggregator.probes())) {
                partialFlushes++;
                emitted = 0;
                return null;
            }
            long held = aggregator.retainedBytes();
            if (canSpill && spill.shouldSpill(held)) {
                if (aggregator.step() == AggregateStep.PARTIAL) {
                    spills++;
                    emitted = 0;
                    return null;
                }
                if (inputSpill == null) {
                    inputSpill = new PartitionedSpill(spill, aggregator.stateTypes(), aggregator.keyCount(), 0);
                }
                spillTable(inputSpill);
            } else if (spill != null) {
                spill.checkHeld(held);
            }
        }
        return Operator.YIELD;
    }

    /** {@code b}'s group key columns, in the order of this step's output, keeping its selection. */
    private Batch keyColumns(Batch b) {
        List<Integer> keys = node.groupKeys();
        ColumnVector[] columns = new ColumnVector[keys.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = b.column(keys.get(i));
        }
        Batch out = new Batch(b.rowCount(), columns);
        return b.selection() == null ? out : out.withSelection(b.selection(), b.positionCount());
    }

    /** Whether this PARTIAL step stopped hashing and passes its input on ({@link DistinctPassThrough}). */
    public boolean passesThrough() {
        return passing;
    }

    private void spillTable(PartitionedSpill to) {
        long before = to.groupsWritten();
        to.write(aggregator);
        spilledGroups += to.groupsWritten() - before;
        spills++;
        startOver();
    }

    /**
     * Reads up to {@link Operator#INPUT_BATCHES_PER_CALL} batches of the partition being merged (starting the next
     * one if none is); null when the partition is merged and its groups are ready to emit, else YIELD.
     */
    private Batch mergeNextPartition() {
        if (merging == null) {
            merging = pending.pop();
            reader = merging.run().open();
            if (!mergesPartitions) {
                aggregator = HashAggregator.merging(node);
                mergesPartitions = true;
            }
        }
        for (int i = 0; i < Operator.INPUT_BATCHES_PER_CALL; i++) {
            Batch b = reader.next();
            if (b == null) {
                finishPartition();
                // A split partition has nothing to emit yet: yield, so that many splits in a row are not one call.
                return emitted >= 0 ? null : Operator.YIELD;
            }
            aggregator.add(b);
            if (merging.level() <= PartitionedSpill.MAX_LEVEL && spill.shouldSpill(aggregator.retainedBytes())) {
                if (split == null) {
                    split = new PartitionedSpill(spill, aggregator.stateTypes(), aggregator.keyCount(),
                            merging.level());
                }
                spillTable(split);
            }
        }
        return Operator.YIELD;
    }

    private void finishPartition() {
        reader.close();
        reader = null;
        merging.run().delete();
        merging = null;
        if (split == null) {
            emitted = 0;
            return;
        }
        spillTable(split);
        counted(split.finish()).forEach(pending::push);
        split = null;
    }

    private List<PartitionedSpill.Partition> counted(List<PartitionedSpill.Partition> runs) {
        for (PartitionedSpill.Partition p : runs) {
            spilledBytes += p.run().bytes();
            spilledRuns++;
        }
        return runs;
    }

    /** Times the groups were flushed (PARTIAL) or written to disk, and the groups written; for profiles and tests. */
    public int spills() {
        return spills;
    }

    /** Times a PARTIAL step flushed a table that did not reduce rows enough ({@link PartialAggregationFlush}). */
    public int partialFlushes() {
        return partialFlushes;
    }

    public long spilledGroups() {
        return spilledGroups;
    }

    @Override
    public long spilledBytes() {
        return spilledBytes;
    }

    @Override
    public long spilledRuns() {
        return spilledRuns;
    }

    @Override
    public long retainedBytes() {
        long bytes = aggregator.retainedBytes();
        if (inputSpill != null) {
            bytes += inputSpill.bufferedBytes();
        }
        if (split != null) {
            bytes += split.bufferedBytes();
        }
        return bytes;
    }

    @Override
    public void close() {
        finished = true;
        pending.clear();
        input.close();
        if (reader != null) {
            reader.close();
            reader = null;
        }
        if (inputSpill != null) {
            inputSpill.close();
            inputSpill = null;
        }
        if (split != null) {
            split.close();
            split = null;
        }
    }
}
