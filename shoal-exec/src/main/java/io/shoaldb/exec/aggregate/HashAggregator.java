package io.shoaldb.exec.aggregate;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.sql.planner.physical.AggregateCall;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * The state of one hash aggregation: group ids from {@link GroupByHash} (none for a global aggregate) and
 * the accumulators of every call. Input batches are added whole; output is read in slices of groups.
 * Memory grows with the number of groups. To spill, the groups are read out as {@link #states} (keys and every
 * accumulator's intermediate state, the layout a PARTIAL step outputs, whatever this step is) and the table is
 * {@link #reset}; {@link #merging} makes the aggregator that merges such states back into this step's results.
 */
public final class HashAggregator {
    private final PhysicalHashAggregate node;
    private final int[] keyColumns;
    private final List<DataType> outputTypes;
    private GroupByHash hash;
    private List<CallAccumulators> calls;
    private boolean sawInput;
    private final GroupedRows byGroup = new GroupedRows();
    private final int accumulatorCount;

    public HashAggregator(PhysicalHashAggregate node) {
        this.node = node;
        this.keyColumns = node.groupKeys().stream().mapToInt(Integer::intValue).toArray();
        this.outputTypes = node.outputTypes();
        reset();
        this.accumulatorCount = calls.stream().mapToInt(c -> c.accumulators.length).sum();
    }

    /**
     * The aggregator that merges {@link #states} of {@code node}'s groups into {@code node}'s results: a FINAL step
     * over the state layout (a FINAL node is that already; a SINGLE node's states are what its PARTIAL would emit).
     */
    public static HashAggregator merging(PhysicalHashAggregate node) {
        if (node.step() == AggregateStep.FINAL) {
            return new HashAggregator(node);
        }
        if (node.step() == AggregateStep.PARTIAL) {
            throw new IllegalArgumentException("a PARTIAL aggregation emits its states; nothing merges them here");
        }
        PhysicalHashAggregate states = new PhysicalHashAggregate(node.input(), AggregateStep.PARTIAL, node.groupKeys(),
                node.calls());
        List<Integer> keys = java.util.stream.IntStream.range(0, node.groupKeys().size()).boxed().toList();
        return new HashAggregator(new PhysicalHashAggregate(states, AggregateStep.FINAL, keys, node.calls()));
    }

    /** Drops every group (and their memory): the aggregator is as new. */
    public void reset() {
        hash = keyColumns.length == 0 ? null : new GroupByHash(node.keyTypes());
        newAccumulators();
    }

    /**
     * Drops every group but keeps the hash table's arrays, emptied, and sizes the new accumulators for as many
     * groups as there were: for a table that was flushed or spilled and is filled again by more input. Started
     * anew, a table of millions of groups grows from 1,024 slots by a dozen doublings, rehashing every group each
     * time and leaving every outgrown array (megabytes each, allocated straight into the old generation) to the
     * collector, once per spill or flush. What it keeps is {@link #reusableBytes}.
     */
    public void restart() {
        if (hash == null) {
            reset();
            return;
        }
        int groups = hash.groupCount();
        hash.clear();
        newAccumulators();
        calls.forEach(c -> c.ensureGroups(groups));
    }

    /** The bytes {@link #restart} keeps: the hash table's slots and key arrays. */
    public long reusableBytes() {
        return hash == null ? 0 : hash.retainedBytes() + hash.keyDataBytes();
    }

    private void newAccumulators() {
        calls = new ArrayList<>();
        int stateColumn = keyColumns.length;
        for (AggregateCall c : node.calls()) {
            calls.add(new CallAccumulators(c, node.step(), stateColumn));
            stateColumn += c.stateTypes().size();
        }
        if (hash == null) {
            calls.forEach(c -> c.ensureGroups(1));
        }
        sawInput = false;
    }

    public AggregateStep step() {
        return node.step();
    }

    /** Number of group key columns; they come first in {@link #states} and in the output. */
    public int keyCount() {
        return keyColumns.length;
    }

    /** Column types of {@link #states}: the keys, then every call's {@link AggregateCall#stateTypes()}. */
    public List<DataType> stateTypes() {
        List<DataType> types = new ArrayList<>(node.keyTypes());
        node.calls().forEach(c -> types.addAll(c.stateTypes()));
        return types;
    }

    /** Groups {@code [from, from+count)} as keys and intermediate states (see {@link #stateTypes()}). */
    public Batch states(int from, int count) {
        List<DataType> types = stateTypes();
        BatchBuilder builder = new BatchBuilder(types, count);
        VectorBuilder[] out = new VectorBuilder[types.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = builder.column(i);
        }
        if (hash != null) {
            hash.writeKeys(from, count, out);
        }
        int at = keyColumns.length;
        for (CallAccumulators c : calls) {
            c.writeStates(from, count, out, at);
            at += c.accumulators.length;
        }
        return builder.build();
    }

    public void add(Batch batch) {
        int count = batch.positionCount();
        if (count == 0) {
            return;
        }
        sawInput = true;
        int[] rows = batch.selection() != null ? batch.selection() : Flat.positions(count);
        int[] groupIds = null;
        GroupedRows ordered = null;
        if (hash != null) {
            groupIds = hash.groupIds(batch, keyColumns, rows, count);
            int groups = hash.groupCount();
            calls.forEach(c -> c.ensureGroups(groups));
            if (GroupedRows.worthIt(groups, count, accumulatorCount)) {
                byGroup.order(rows, count, groupIds, groups);
                ordered = byGroup;
            }
        }
        for (CallAccumulators c : calls) {
            for (int i = 0; i < c.accumulators.length; i++) {
                int column = c.inputs[i];
                FlatVector input = column < 0 ? null : Flat.of(batch.column(column));
                if (ordered == null) {
                    c.accumulators[i].add(input, rows, count, groupIds);
                } else {
                    c.accumulators[i].add(input, rows, count, groupIds, ordered);
                }
            }
        }
    }

    /**
     * Groups to output. A global aggregate has one group - also for empty input, where SQL still returns
     * one row - except in the PARTIAL step, where an empty task contributes nothing.
     */
    public int groupCount() {
        if (hash != null) {
            return hash.groupCount();
        }
        return node.step() == AggregateStep.PARTIAL && !sawInput ? 0 : 1;
    }

    /** See {@link GroupByHash#probes}; 0 for a global aggregate. */
    public long probes() {
        return hash == null ? 0 : hash.probes();
    }

    /**
     * An estimate of the bytes held, for profiles, the memory budget and spilling: the hash table plus, per group,
     * 8 bytes per key value and 16 per accumulator state (the widest fixed states), plus the bytes of string keys
     * and of the strings MIN/MAX keep.
     */
    public long retainedBytes() {
        long groups = hash == null ? 1 : hash.groupCount();
        int states = 0;
        long strings = hash == null ? 0 : hash.keyDataBytes();
        for (CallAccumulators c : calls) {
            states += c.accumulators.length;
            for (Accumulator a : c.accumulators) {
                strings += a.dataBytes();
            }
        }
        return (hash == null ? 0 : hash.retainedBytes()) + groups * (8L * keyColumns.length + 16L * states) + strings;
    }

    public Batch output(int from, int count) {
        BatchBuilder builder = new BatchBuilder(outputTypes, count);
        VectorBuilder[] out = new VectorBuilder[outputTypes.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = builder.column(i);
        }
        if (hash != null) {
            hash.writeKeys(from, count, out);
        }
        // Call by call, each over the whole slice: one pass per output column, not a walk of the calls per group.
        int at = keyColumns.length;
        for (CallAccumulators c : calls) {
            c.write(from, count, out, at);
            at += c.outputWidth();
        }
        return builder.build();
    }
}
