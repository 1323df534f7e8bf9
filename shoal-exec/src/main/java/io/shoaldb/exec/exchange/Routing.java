package io.shoaldb.exec.exchange;

import io.shoaldb.exec.aggregate.GroupByHash;
import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.sql.planner.physical.PhysicalExchange;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Which consumer partitions get which rows of a batch. One instance per producer driver (kernels are not shared). */
abstract sealed class Routing {
    /** The batch split over {@code partitions}; null entries get nothing. */
    abstract Batch[] route(Batch batch, int partitions);

    static Routing of(PhysicalExchange.Kind kind, List<Expr> keys) {
        return switch (kind) {
            case GATHER -> new Gather();
            case BROADCAST -> new Broadcast();
            case HASH -> new Hash(keys);
            case MERGE -> throw new IllegalArgumentException("a MERGE exchange is a MergeExchange, not routed");
        };
    }

    static final class Gather extends Routing {
        @Override
        Batch[] route(Batch batch, int partitions) {
            Batch[] out = new Batch[partitions];
            out[0] = batch;
            return out;
        }
    }

    static final class Broadcast extends Routing {
        @Override
        Batch[] route(Batch batch, int partitions) {
            Batch[] out = new Batch[partitions];
            java.util.Arrays.fill(out, batch);
            return out;
        }
    }

    /** Rows by the hash of the key expressions; each partition gets the batch with a selection (no copy). */
    static final class Hash extends Routing {
        private final VectorExpression[] keys;
        private final List<DataType> types;

        Hash(List<Expr> keys) {
            this.keys = keys.stream().map(ExpressionCompiler::compile).toArray(VectorExpression[]::new);
            this.types = keys.stream().map(Expr::type).toList();
        }

        @Override
        Batch[] route(Batch batch, int partitions) {
            int n = batch.positionCount();
            FlatVector[] columns = new FlatVector[keys.length];
            for (int k = 0; k < keys.length; k++) {
                columns[k] = Flat.of(keys[k].evaluate(batch));
            }
            long[] hashes = GroupByHash.hashes(types, columns, Flat.positions(n), n);
            int[] target = new int[n];
            int[] counts = new int[partitions];
            for (int i = 0; i < n; i++) {
                // High bits: hash tables index by the low bits of the same hash.
                target[i] = (int) (((hashes[i] >>> 32) * partitions) >>> 32);
                counts[target[i]]++;
            }
            int[][] rows = new int[partitions][];
            for (int p = 0; p < partitions; p++) {
                rows[p] = counts[p] == 0 ? null : new int[counts[p]];
                counts[p] = 0;
            }
            for (int i = 0; i < n; i++) {
                int p = target[i];
                rows[p][counts[p]++] = batch.row(i);
            }
            Batch[] out = new Batch[partitions];
            for (int p = 0; p < partitions; p++) {
                if (rows[p] != null) {
                    out[p] = batch.withSelection(rows[p], rows[p].length);
                }
            }
            return out;
        }
    }
}
