package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A boundary between pipelines that moves batches from the drivers of its input to the drivers above it.
 * GATHER: every batch to one consumer (final aggregation, sort, the result). HASH: each row to the consumer
 * chosen by the hash of {@code keys} (expressions over the input, of the same types on both sides of a
 * partitioned join), so equal keys meet in one consumer. BROADCAST: every batch to every consumer (the build
 * side of a broadcast join; in one process the consumers share the one hash table built from it). MERGE: to
 * one consumer like GATHER, but every producer's rows arrive sorted by {@code ordering} and the consumer
 * merges them into one sorted stream (the end of a parallel ORDER BY).
 */
public record PhysicalExchange(PhysicalNode input, Kind kind, List<Expr> keys, List<SortKey> ordering)
        implements PhysicalNode {
    public enum Kind { GATHER, HASH, BROADCAST, MERGE }

    public PhysicalExchange {
        keys = List.copyOf(keys);
        ordering = List.copyOf(ordering);
        if ((kind == Kind.HASH) == keys.isEmpty()) {
            throw new IllegalArgumentException("a HASH exchange needs keys and only it has them: " + kind + " " + keys);
        }
        if ((kind == Kind.MERGE) == ordering.isEmpty()) {
            throw new IllegalArgumentException("a MERGE exchange needs an ordering and only it has one: " + kind);
        }
    }

    public PhysicalExchange(PhysicalNode input, Kind kind, List<Expr> keys) {
        this(input, kind, keys, List.of());
    }

    public PhysicalExchange(PhysicalNode input, Kind kind) {
        this(input, kind, List.of(), List.of());
    }

    /** A MERGE exchange of rows each producer sorted by {@code ordering}. */
    public static PhysicalExchange merge(PhysicalNode input, List<SortKey> ordering) {
        return new PhysicalExchange(input, Kind.MERGE, List.of(), ordering);
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
