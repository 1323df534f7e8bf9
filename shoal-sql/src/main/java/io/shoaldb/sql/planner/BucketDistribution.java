package io.shoaldb.sql.planner;

import io.shoaldb.sql.planner.physical.expr.Cast;
import io.shoaldb.sql.planner.physical.expr.ColumnRef;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * A distribution property of a parallel subtree: its rows are those of a table hash-bucketed into {@code buckets}
 * buckets on some columns, each driver holding whole buckets (its scan is, or can be made, {@code byBucket}). Each
 * alternative lists the output positions of the bucket columns in the table's distribution order; an inner join that
 * equates the bucket columns of two such inputs has both sides' columns as alternatives (their values are equal).
 *
 * <p>Two inputs can be joined without an exchange (COLOCATED) when they have the same bucket count and the join
 * equates their bucket columns pairwise, each pair of a type that the load path's bucket hash
 * ({@code storage.tablet.RowHash}) hashes alike for equal values ({@link #hashAlike}); an aggregation needs no
 * exchange when its group keys hold all the bucket columns of one alternative.
 */
record BucketDistribution(int buckets, List<List<Integer>> alternatives) {
    BucketDistribution {
        alternatives = alternatives.stream().map(List::copyOf).toList();
    }

    static BucketDistribution of(int buckets, List<Integer> columns) {
        return new BucketDistribution(buckets, List.of(columns));
    }

    /**
     * The property after the columns move ({@code position} gives an input position's new one, -1 when it is
     * dropped); null when no alternative keeps all its columns.
     */
    BucketDistribution map(IntUnaryOperator position) {
        List<List<Integer>> kept = new ArrayList<>();
        for (List<Integer> alternative : alternatives) {
            List<Integer> moved = new ArrayList<>();
            for (int column : alternative) {
                int to = position.applyAsInt(column);
                if (to < 0) {
                    break;
                }
                moved.add(to);
            }
            if (moved.size() == alternative.size()) {
                kept.add(moved);
            }
        }
        return kept.isEmpty() ? null : new BucketDistribution(buckets, kept);
    }

    /** Both properties' alternatives, {@code other}'s positions shifted by {@code offset}. */
    BucketDistribution with(BucketDistribution other, int offset) {
        List<List<Integer>> all = new ArrayList<>(alternatives);
        for (List<Integer> alternative : other.alternatives) {
            all.add(alternative.stream().map(c -> c + offset).toList());
        }
        return new BucketDistribution(buckets, all);
    }

    /** The alternative whose columns are all among {@code keys}, or null. */
    List<Integer> coveredBy(Collection<Integer> keys) {
        for (List<Integer> alternative : alternatives) {
            if (keys.containsAll(alternative)) {
                return alternative;
            }
        }
        return null;
    }

    /**
     * Whether a join of a {@code probe} input (columns of {@code probeTypes}) and a {@code build} input with these
     * keys can run colocated: same bucket count, and for one alternative of each side every bucket column pair is
     * equated by a key pair (each key a column, or an integer column widened to another integer type).
     */
    static boolean colocated(BucketDistribution probe, List<DataType> probeTypes, BucketDistribution build,
                             List<DataType> buildTypes, List<Expr> probeKeys, List<Expr> buildKeys) {
        if (probe == null || build == null || probe.buckets != build.buckets) {
            return false;
        }
        for (List<Integer> p : probe.alternatives) {
            for (List<Integer> b : build.alternatives) {
                if (p.size() == b.size() && pairedByKeys(p, probeTypes, b, buildTypes, probeKeys, buildKeys)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean pairedByKeys(List<Integer> probe, List<DataType> probeTypes, List<Integer> build,
                                        List<DataType> buildTypes, List<Expr> probeKeys, List<Expr> buildKeys) {
        for (int k = 0; k < probe.size(); k++) {
            int p = probe.get(k);
            int b = build.get(k);
            if (!hashAlike(probeTypes.get(p), buildTypes.get(b))) {
                return false;
            }
            boolean paired = false;
            for (int i = 0; i < probeKeys.size() && !paired; i++) {
                paired = column(probeKeys.get(i)) == p && column(buildKeys.get(i)) == b;
            }
            if (!paired) {
                return false;
            }
        }
        return true;
    }

    /** The input column an expression reads, when its value is the column's (an integer widening keeps it); else -1. */
    static int column(Expr key) {
        if (key instanceof ColumnRef ref) {
            return ref.index();
        }
        // TINYINT < SMALLINT < INT < BIGINT in TypeId order; a narrowing cast could map other values to this one
        if (key instanceof Cast cast && cast.operand() instanceof ColumnRef ref && narrowInteger(ref.type())
                && narrowInteger(cast.type()) && cast.type().id().ordinal() >= ref.type().id().ordinal()) {
            return ref.index();
        }
        return -1;
    }

    /**
     * Whether equal values of these two stored column types land in the same bucket: the bucket hash takes TINYINT
     * to BIGINT as the same 64-bit integer, and text as its UTF-8 bytes; other types only when equal
     * (a DECIMAL's hash is of its unscaled value, so another scale or a 128-bit width hashes differently, and
     * LARGEINT is hashed as 128 bits).
     */
    static boolean hashAlike(DataType a, DataType b) {
        return a.equals(b) || narrowInteger(a) && narrowInteger(b) || a.id().isString() && b.id().isString();
    }

    private static boolean narrowInteger(DataType t) {
        return t.id().isInteger() && t.id() != TypeId.LARGEINT;
    }
}
