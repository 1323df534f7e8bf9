package io.shoaldb.sql.planner.physical;

import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Hash aggregation. Output: the group keys, then per call either its state columns (PARTIAL) or its
 * result (FINAL, SINGLE). For FINAL the input is a PARTIAL's output, so {@code groupKeys} are
 * {@code 0..k-1} and each call's states follow in call order. Without group keys the output is exactly
 * one row even for empty input (COUNT 0, other aggregates NULL) - except in the PARTIAL step, which emits
 * nothing for empty input.
 */
public record PhysicalHashAggregate(PhysicalNode input, AggregateStep step, List<Integer> groupKeys,
                                    List<AggregateCall> calls) implements PhysicalNode {
    public PhysicalHashAggregate {
        groupKeys = List.copyOf(groupKeys);
        calls = List.copyOf(calls);
    }

    /** Types of the group key columns, as they appear in the input. */
    public List<DataType> keyTypes() {
        List<DataType> in = input.outputTypes();
        return groupKeys.stream().map(in::get).toList();
    }

    @Override
    public List<DataType> outputTypes() {
        List<DataType> out = new ArrayList<>(keyTypes());
        for (AggregateCall c : calls) {
            if (step == AggregateStep.PARTIAL) {
                out.addAll(c.stateTypes());
            } else {
                out.add(c.resultType());
            }
        }
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
