package io.shoaldb.exec.planner;

import io.shoaldb.exec.operator.join.ExprColumns;
import io.shoaldb.sql.planner.physical.AggregateStep;
import io.shoaldb.sql.planner.physical.PhysicalFilter;
import io.shoaldb.sql.planner.physical.PhysicalHashAggregate;
import io.shoaldb.sql.planner.physical.PhysicalHashJoin;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalProject;
import java.util.BitSet;
import java.util.Map;

/**
 * Which output columns of a join anything reads, when the join feeds a projection or an aggregation over raw rows
 * (PARTIAL or SINGLE: it reads its group keys and its calls' arguments) - directly, or through filters, other
 * projections and the probe sides of other joins, operators of the same pipeline that read exactly the columns their
 * expressions name. A join outputs every probe and build column, and TPC-H's projections above a chain of joins keep a
 * few of them: the join then fills the others with a NULL constant instead of copying them (TPC-H Q13's outer join
 * would otherwise copy every order's comment, which only the scan's filter reads, for a count of order keys). A join
 * whose output is its build rows only (RIGHT_SEMI/RIGHT_ANTI) or whose output goes anywhere else (a FINAL aggregation,
 * which reads states, an exchange, a sink) is not listed and copies every column.
 * <p>A listed join reads of its build rows only its keys, its residual's columns and the build columns of its demand:
 * its build sink copies only those ({@link #collectBuild}), and the operators of its build pipeline are walked likewise.
 * TPC-H Q9's 319K lineitem rows that build the join with orders so no longer carry the part names their filter read,
 * nor the part and supplier keys already matched below.
 */
final class JoinOutputDemand {
    private JoinOutputDemand() {
    }

    /** Records, for the joins under {@code project}, the columns read; a join already recorded keeps its set. */
    static void collect(PhysicalProject project, Map<PhysicalHashJoin, BitSet> demand) {
        BitSet read = new BitSet();
        project.expressions().forEach(e -> ExprColumns.add(e, read));
        walk(project.input(), read, demand);
    }

    /** As for a projection, for an aggregation that reads input rows (not a FINAL step, whose input is states). */
    static void collect(PhysicalHashAggregate aggregate, Map<PhysicalHashJoin, BitSet> demand) {
        if (aggregate.step() == AggregateStep.FINAL) {
            return;
        }
        BitSet read = new BitSet();
        aggregate.groupKeys().forEach(read::set);
        aggregate.calls().stream().filter(c -> c.argument() >= 0).forEach(c -> read.set(c.argument()));
        walk(aggregate.input(), read, demand);
    }

    /**
     * The build columns {@code join} reads - its keys, its residual's, those of its demand - or null when it is not
     * listed (it copies every column); and records, for the joins of its build pipeline ({@code build}: its build
     * side, or what a broadcast exchange there gathers), that only those are read. Call before the build side is
     * planned, after {@code join}'s own demand is.
     */
    static BitSet collectBuild(PhysicalHashJoin join, PhysicalNode build, Map<PhysicalHashJoin, BitSet> demand) {
        BitSet read = demand.get(join);
        if (read == null) {
            return null;
        }
        int probeWidth = join.probe().outputTypes().size();
        int buildWidth = join.build().outputTypes().size();
        BitSet rows = read.get(probeWidth, probeWidth + buildWidth);
        join.buildKeys().forEach(k -> ExprColumns.add(k, rows));
        if (join.residual() != null) {
            BitSet residual = new BitSet();
            ExprColumns.add(join.residual(), residual);
            rows.or(residual.get(probeWidth, probeWidth + buildWidth));
        }
        walk(build, (BitSet) rows.clone(), demand);
        return rows;
    }

    private static void walk(PhysicalNode node, BitSet read, Map<PhysicalHashJoin, BitSet> demand) {
        switch (node) {
            case PhysicalProject p -> {
                BitSet in = new BitSet();
                read.stream().filter(i -> i < p.expressions().size()).forEach(i -> ExprColumns.add(p.expressions().get(i), in));
                walk(p.input(), in, demand);
            }
            case PhysicalFilter f -> {
                BitSet in = (BitSet) read.clone();
                ExprColumns.add(f.condition(), in);
                walk(f.input(), in, demand);
            }
            case PhysicalHashJoin j -> {
                // The top-down planner meets the outermost projection first: its demand is the one that counts.
                // A RIGHT_SEMI/RIGHT_ANTI join outputs build columns, not pairs: it records none and copies all.
                if (!j.type().outputsBuildOnly() && demand.putIfAbsent(j, read) != null) {
                    return;
                }
                int probeWidth = j.probe().outputTypes().size();
                BitSet probe = j.type().outputsBuildOnly() ? new BitSet() : read.get(0, probeWidth);
                j.probeKeys().forEach(k -> ExprColumns.add(k, probe));
                if (j.residual() != null) {
                    BitSet residual = new BitSet();
                    ExprColumns.add(j.residual(), residual);
                    probe.or(residual.get(0, probeWidth));
                }
                walk(j.probe(), probe, demand);
            }
            default -> {
            }
        }
    }
}
