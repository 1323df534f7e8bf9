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
 * Memory grows with the number of groups; this is where spilling will go (partition the groups by hash,
 * write cold partitions to the data paths, merge them back at the end).
 */
public final class HashAggregator {
    private final PhysicalHashAggregate node;
    private final int[] keyColumns;
    private final GroupByHash hash;
    private final List<CallAccumulators> calls = new ArrayList<>();
    private final List<DataType> outputTypes;
    private boolean sawInput;

    public HashAggregator(PhysicalHashAggregate node) {
        this.node = node;
        this.keyColumns = node.groupKeys().stream().mapToInt(Integer::intValue).toArray();
        this.hash = keyColumns.length == 0 ? null : new GroupByHash(node.keyTypes());
        int stateColumn = keyColumns.length;
        for (AggregateCall c : node.calls()) {
            CallAccumulators acc = new CallAccumulators(c, node.step(), stateColumn);
            calls.add(acc);
            stateColumn += c.stateTypes().size();
        }
        this.outputTypes = node.outputTypes();
        if (hash == null) {
            calls.forEach(c -> c.ensureGroups(1));
        }
    }

    public void add(Batch batch) {
        int count = batch.positionCount();
        if (count == 0) {
            return;
        }
        sawInput = true;
        int[] rows = batch.selection() != null ? batch.selection() : Flat.identity(count);
        int[] groupIds = null;
        if (hash != null) {
            groupIds = hash.groupIds(batch, keyColumns, rows, count);
            int groups = hash.groupCount();
            calls.forEach(c -> c.ensureGroups(groups));
        }
        for (CallAccumulators c : calls) {
            for (int i = 0; i < c.accumulators.length; i++) {
                int column = c.inputs[i];
                FlatVector input = column < 0 ? null : Flat.of(batch.column(column));
                c.accumulators[i].add(input, rows, count, groupIds);
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

    /**
     * An estimate of the bytes held, for profiles: the hash table plus, per group, 8 bytes per key value and 16
     * per accumulator state (the widest fixed states; strings in MIN/MAX count as 16 too).
     */
    public long retainedBytes() {
        long groups = hash == null ? 1 : hash.groupCount();
        int states = 0;
        for (CallAccumulators c : calls) {
            states += c.accumulators.length;
        }
        return (hash == null ? 0 : hash.retainedBytes()) + groups * (8L * keyColumns.length + 16L * states);
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
        for (int g = from; g < from + count; g++) {
            int at = keyColumns.length;
            for (CallAccumulators c : calls) {
                c.write(g, out, at);
                at += c.outputWidth();
            }
        }
        return builder.build();
    }
}
