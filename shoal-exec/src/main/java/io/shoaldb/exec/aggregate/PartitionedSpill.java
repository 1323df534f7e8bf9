package io.shoaldb.exec.aggregate;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.spill.QuerySpill;
import io.shoaldb.storage.spill.SpillRun;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * The groups an aggregation spilled, split by key hash into {@link #PARTITIONS} runs that stay open while the
 * aggregation takes in more input and spills again: every spill of the table appends each group to the run of its
 * partition, so one partition's states end up in one run, and a partition is later merged on its own in a table a
 * sixteenth of the size. Equal keys always land in the same partition, so merging partitions one at a time gives
 * every group exactly once.
 *
 * <p>The partition is 4 bits of {@link GroupByHash#hashes}, at a {@code level}: level 0 takes bits 52-55, and a
 * partition that is still too big is split again at the next level with the next 4 bits down. The bits stay clear of
 * the top ones (the hash exchange routes by them, so all groups one final aggregation receives share them) and of
 * the low ones (the hash table's slots: a partition's groups share their partition bits, which would cluster them).
 */
public final class PartitionedSpill implements AutoCloseable {
    public static final int PARTITIONS = 16;
    /** Levels of splitting: 16^4 partitions at the deepest, then a partition is merged in memory whatever its size. */
    public static final int MAX_LEVEL = 3;
    private static final int BITS = 4;
    private static final int TOP_BIT = 56;
    /** Groups read out of the table per state batch. */
    private static final int SLICE = 4096;
    /**
     * The open runs' unwritten pages together stay under a quarter of the table just spilled (within these bounds)
     * between spills: with wide states sixteen full pages would hold megabytes the table just gave back. Pages cut
     * early are smaller, but still a sixty-fourth of a table.
     */
    private static final long MIN_BUFFERED_BYTES = 64 << 10;
    private static final long MAX_BUFFERED_BYTES = 1 << 20;

    /** One partition's spilled states and the level it was split at. */
    public record Partition(SpillRun run, int level) {
    }

    private final QuerySpill spill;
    private final List<DataType> stateTypes;
    private final List<DataType> keyTypes;
    private final int level;
    private final SpillWriter[] writers = new SpillWriter[PARTITIONS];
    private long groupsWritten;

    public PartitionedSpill(QuerySpill spill, List<DataType> stateTypes, int keyCount, int level) {
        if (keyCount == 0) {
            throw new IllegalArgumentException("a global aggregation has one group; nothing to partition");
        }
        if (level > MAX_LEVEL) {
            throw new IllegalArgumentException("spill level " + level);
        }
        this.spill = spill;
        this.stateTypes = List.copyOf(stateTypes);
        this.keyTypes = this.stateTypes.subList(0, keyCount);
        this.level = level;
    }

    public static int partitionOf(long hash, int level) {
        return (int) (hash >>> (TOP_BIT - BITS * (level + 1))) & (PARTITIONS - 1);
    }

    /** Appends every group of {@code table} to its partition's run; the caller then resets the table. */
    public void write(HashAggregator table) {
        long tableBytes = table.retainedBytes();
        int groups = table.groupCount();
        for (int from = 0; from < groups; from += SLICE) {
            Batch states = table.states(from, Math.min(SLICE, groups - from));
            int n = states.positionCount();
            FlatVector[] keys = new FlatVector[keyTypes.size()];
            for (int k = 0; k < keys.length; k++) {
                keys[k] = Flat.of(states.column(k));
            }
            long[] hashes = GroupByHash.hashes(keyTypes, keys, Flat.positions(n), n);
            int[] counts = new int[PARTITIONS];
            int[] partition = new int[n];
            for (int i = 0; i < n; i++) {
                partition[i] = partitionOf(hashes[i], level);
                counts[partition[i]]++;
            }
            int[][] rows = new int[PARTITIONS][];
            for (int p = 0; p < PARTITIONS; p++) {
                rows[p] = new int[counts[p]];
                counts[p] = 0;
            }
            for (int i = 0; i < n; i++) {
                int p = partition[i];
                rows[p][counts[p]++] = i;
            }
            for (int p = 0; p < PARTITIONS; p++) {
                if (counts[p] > 0) {
                    writer(p).append(states.withSelection(rows[p], counts[p]));
                }
            }
            groupsWritten += n;
        }
        if (bufferedBytes() > Math.clamp(tableBytes / 4, MIN_BUFFERED_BYTES, MAX_BUFFERED_BYTES)) {
            for (SpillWriter w : writers) {
                if (w != null) {
                    w.flushBuffered();
                }
            }
        }
    }

    private SpillWriter writer(int p) {
        if (writers[p] == null) {
            writers[p] = spill.newRun(stateTypes);
        }
        return writers[p];
    }

    /** Groups written so far (a key spilled twice counts twice). */
    public long groupsWritten() {
        return groupsWritten;
    }

    /** Memory the open runs hold for their pages being filled. */
    public long bufferedBytes() {
        long bytes = 0;
        for (SpillWriter w : writers) {
            bytes += w == null ? 0 : w.bufferedBytes();
        }
        return bytes;
    }

    /** Finishes the runs: the non-empty partitions, to be merged at the next level. */
    public List<Partition> finish() {
        List<Partition> partitions = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            if (writers[p] != null) {
                SpillWriter w = writers[p];
                writers[p] = null;
                partitions.add(new Partition(w.finish(), level + 1));
            }
        }
        return partitions;
    }

    /** Abandons unfinished runs (the query ends early); their files go with the query's spill. */
    @Override
    public void close() {
        for (int p = 0; p < PARTITIONS; p++) {
            if (writers[p] != null) {
                writers[p].close();
                writers[p] = null;
            }
        }
    }
}
