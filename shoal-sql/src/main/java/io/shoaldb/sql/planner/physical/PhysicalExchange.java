package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A boundary between pipelines that moves batches from the drivers of its input to the drivers above it.
 * GATHER: every batch to one consumer (final aggregation, sort, the result). HASH: each row to the consumer
 * chosen by the hash of {@code keys} (expressions over the input, of the same types on both sides of a
 * partitioned join), so equal keys meet in one consumer. BROADCAST: every batch to every consumer (the build
 * side of a broadcast join; in one process the consumers share the one hash table built from it).
 */
public record PhysicalExchange(PhysicalNode input, Kind kind, List<Expr> keys) implements PhysicalNode {
    public enum Kind { GATHER, HASH, BROADCAST }

    public PhysicalExchange {
        keys = List.copyOf(keys);
        if ((kind == Kind.HASH) == keys.isEmpty()) {
            throw new IllegalArgumentException("a HASH exchange needs keys and only it has them: " + kind + " " + keys);
        }
    }

    public PhysicalExchange(PhysicalNode input, Kind kind) {
        this(input, kind, List.of());
    }

    @Override
    public List<DataType> outputTypes() {
        return input.outputTypes();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
