package io.shoaldb.exec.operator.window;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.operator.window.StreamingPlan.Role;
import io.shoaldb.sql.planner.physical.WindowFunction;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * What the first pass over a streamed partition learns before any of its rows is emitted: its row count (NTILE,
 * PERCENT_RANK, CUME_DIST), the aggregates over the whole partition (WHOLE) and its last row's values
 * (PARTITION_LAST).
 */
final class PartitionTotals {
    private final StreamingPlan plan;
    private final RunningAggregate[] whole;
    private final FlatVector[] last;
    private long rows;

    PartitionTotals(StreamingPlan plan) {
        this.plan = plan;
        List<WindowFunction> functions = plan.window.functions();
        List<DataType> types = plan.window.input().outputTypes();
        this.whole = new RunningAggregate[functions.size()];
        this.last = new FlatVector[functions.size()];
        for (int f = 0; f < whole.length; f++) {
            WindowFunction fn = functions.get(f);
            if (plan.roles[f] == Role.WHOLE) {
                whole[f] = new RunningAggregate(fn, fn.argument() < 0 ? null : types.get(fn.argument()));
            }
        }
    }

    /** Takes in the partition's next rows, in window order. */
    void add(Batch rows) {
        Batch b = rows.compact();
        int n = b.positionCount();
        if (n == 0) {
            return;
        }
        this.rows += n;
        List<WindowFunction> functions = plan.window.functions();
        for (int f = 0; f < whole.length; f++) {
            int argument = functions.get(f).argument();
            FlatVector values = argument < 0 ? null : Flat.of(b.column(argument));
            if (whole[f] != null) {
                for (int r = 0; r < n; r++) {
                    whole[f].add(values, r);
                }
            } else if (plan.roles[f] == Role.PARTITION_LAST) {
                last[f] = values.copyPositions(new int[] {n - 1}, 0, 1);
            }
        }
    }

    long rows() {
        return rows;
    }

    /** The aggregate of function {@code f} (a WHOLE one) over the partition. */
    RunningAggregate whole(int f) {
        return whole[f];
    }

    /** The last row's argument of function {@code f} (a PARTITION_LAST one), as a one-row vector. */
    FlatVector last(int f) {
        return last[f];
    }
}
