package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.aggregate.GroupByHash;
import io.shoaldb.exec.expr.ExpressionCompiler;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * Splits one side of a spilling join into {@link #FANOUT} partitions by the hash of its join keys. Each
 * re-partitioning level re-mixes the key hash with its own seed, so the partitions are independent of the
 * exchange that cut the join by the same keys (it uses the hash's high bits) and of the previous level: rows of one
 * partition spread again over all the partitions of the next level. Build and probe sides use the same hash (as
 * the exchange does), so equal keys - and NULLs of null-safe keys - land in the same partition on both sides.
 */
final class JoinPartitioner {
    static final int FANOUT_BITS = 4;
    static final int FANOUT = 1 << FANOUT_BITS;
    /** Levels of re-partitioning a partition that still does not fit: FANOUT^(MAX_LEVEL+1) partitions at most. */
    static final int MAX_LEVEL = 3;

    private final VectorExpression[] keys;
    private final List<DataType> types;

    JoinPartitioner(List<Expr> keys) {
        this.keys = keys.stream().map(ExpressionCompiler::compile).toArray(VectorExpression[]::new);
        this.types = keys.stream().map(Expr::type).toList();
    }

    /** The partition (0..FANOUT-1) of every position of {@code batch} at re-partitioning {@code level}. */
    int[] partitions(Batch batch, int level) {
        int n = batch.positionCount();
        FlatVector[] columns = new FlatVector[keys.length];
        for (int k = 0; k < keys.length; k++) {
            columns[k] = Flat.of(keys[k].evaluate(batch));
        }
        long[] hashes = GroupByHash.hashes(types, columns, Flat.positions(n), n);
        int[] out = new int[n];
        long seed = 0x9E3779B97F4A7C15L * (level + 1);
        for (int i = 0; i < n; i++) {
            out[i] = (int) (remix(hashes[i] ^ seed) >>> (64 - FANOUT_BITS));
        }
        return out;
    }

    /** The batch's positions per partition, as selections over it (null: no rows), keeping the input order. */
    static Batch[] split(Batch batch, int[] partitions) {
        int n = batch.positionCount();
        int[] counts = new int[FANOUT];
        for (int i = 0; i < n; i++) {
            counts[partitions[i]]++;
        }
        int[][] rows = new int[FANOUT][];
        for (int p = 0; p < FANOUT; p++) {
            rows[p] = counts[p] == 0 ? null : new int[counts[p]];
            counts[p] = 0;
        }
        for (int i = 0; i < n; i++) {
            int p = partitions[i];
            rows[p][counts[p]++] = batch.row(i);
        }
        Batch[] out = new Batch[FANOUT];
        for (int p = 0; p < FANOUT; p++) {
            if (rows[p] != null) {
                out[p] = rows[p].length == n && batch.selection() == null ? batch : batch.withSelection(rows[p], rows[p].length);
            }
        }
        return out;
    }

    /** A 64-bit finaliser (the MurmurHash3 one): every input bit affects every output bit. */
    private static long remix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        x ^= x >>> 33;
        return x;
    }
}
