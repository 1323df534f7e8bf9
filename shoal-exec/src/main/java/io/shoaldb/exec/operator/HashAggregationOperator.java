package io.shoaldb.exec.operator;

import io.shoaldb.exec.aggregate.HashAggregator;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.vector.Batch;

/** Consumes its whole input into a {@link HashAggregator}, then returns the groups in batches. */
public final class HashAggregationOperator implements Operator, RetainedMemory {
    private static final int OUTPUT_BATCH = 4096;
    private final Operator input;
    private final HashAggregator aggregator;
    private boolean consumed;
    private int emitted;

    public HashAggregationOperator(Operator input, PhysicalHashAggregate node) {
        this.input = input;
        this.aggregator = new HashAggregator(node);
    }

    @Override
    public Batch next() {
        if (!consumed) {
            Batch signal = InputDrain.drain(input, aggregator::add);
            if (signal != null) {
                return signal;
            }
            consumed = true;
            input.close();
        }
        int groups = aggregator.groupCount();
        if (emitted >= groups) {
            return null;
        }
        int n = Math.min(OUTPUT_BATCH, groups - emitted);
        Batch out = aggregator.output(emitted, n);
        emitted += n;
        return out;
    }

    @Override
    public long retainedBytes() {
        return aggregator.retainedBytes();
    }

    @Override
    public void close() {
        input.close();
    }
}
