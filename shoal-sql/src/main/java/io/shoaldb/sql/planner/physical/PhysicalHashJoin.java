package io.shoaldb.sql.planner.physical;

import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * A hash join: the build input is hashed on {@code buildKeys}, the probe input streams through it with
 * {@code probeKeys} (pairwise of the {@link #sameRepresentation same representation}). NULL keys never match,
 * except keys flagged {@code nullSafe} ({@code IS NOT DISTINCT FROM}, from decorrelated subqueries): there
 * NULL matches NULL. {@code residual}, when present, is a
 * further condition over the probe columns followed by the build columns, evaluated on key matches. With no
 * keys every pair is a candidate: the nested-loop / cross join. Output: probe columns, then build columns
 * for the joins that return them ({@link JoinType#outputsBuild()}); only the build columns for RIGHT_SEMI/RIGHT_ANTI.
 * <p>
 * BROADCAST: every probe driver sees the whole build side (one hash table shared by all probe drivers).
 * PARTITIONED: both inputs are HASH exchanges on the keys with the same number of partitions; probe driver
 * i joins against the table built from build partition i.
 * COLOCATED: both inputs are tables bucketed alike on the keys, read by bucket ({@link PhysicalScan#byBucket()}) with
 * no exchange; as with PARTITIONED, build driver i builds table i from the buckets it read and probe driver i, which
 * read the same buckets of the other side, probes it.
 */
public record PhysicalHashJoin(PhysicalNode probe, PhysicalNode build, JoinType type, List<Expr> probeKeys,
                               List<Expr> buildKeys, List<Boolean> nullSafe, Expr residual,
                               Distribution distribution) implements PhysicalNode {
    public enum Distribution {
        BROADCAST, PARTITIONED, COLOCATED;

        /** One hash table per driver (probe driver i probes table i), rather than one shared by all. */
        public boolean tablePerDriver() {
            return this != BROADCAST;
        }
    }

    public PhysicalHashJoin {
        probeKeys = List.copyOf(probeKeys);
        buildKeys = List.copyOf(buildKeys);
        nullSafe = List.copyOf(nullSafe);
        if (nullSafe.size() != probeKeys.size()) {
            throw new IllegalArgumentException("a null-safety flag per key is needed");
        }
        if (probeKeys.size() != buildKeys.size()) {
            throw new IllegalArgumentException("join keys differ in number: " + probeKeys + " " + buildKeys);
        }
        for (int i = 0; i < probeKeys.size(); i++) {
            if (!sameRepresentation(probeKeys.get(i).type(), buildKeys.get(i).type())) {
                throw new IllegalArgumentException("join key " + i + " has types " + probeKeys.get(i).type()
                        + " and " + buildKeys.get(i).type());
            }
        }
        if (distribution.tablePerDriver() && probeKeys.isEmpty()) {
            throw new IllegalArgumentException("a join without keys cannot be " + distribution);
        }
    }

    /** Key types whose values hash and compare alike: equal types, or text of any length. */
    public static boolean sameRepresentation(DataType a, DataType b) {
        return a.equals(b) || a.id().isString() && b.id().isString();
    }

    @Override
    public List<DataType> outputTypes() {
        if (type.outputsBuildOnly()) {
            return build.outputTypes();
        }
        List<DataType> out = new ArrayList<>(probe.outputTypes());
        if (type.outputsBuild()) {
            out.addAll(build.outputTypes());
        }
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(probe, build);
    }
}
