package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.FilterExpression;
import io.shoaldb.vector.Batch;

/**
 * One scan driver's use of a runtime filter's row check, stopped while it keeps nearly every row. A build over all
 * the keys the probe holds (all orders, probed by every lineitem row) publishes a filter that drops nothing, and
 * checking it costs a membership lookup per scanned row. Dropping rows here is only an early cut - the join drops
 * the same rows - so the gate may let them through: it checks {@link #SAMPLE_ROWS} rows, and when the check dropped
 * fewer than {@link #MIN_DROP_RATE} of them, it lets the next {@link #SKIP_ROWS} rows pass unchecked, then samples
 * again (a later part of the table may match less). Zone-map pruning by the filter is not affected. Not thread-safe:
 * one per scan driver.
 */
final class PassRateGate implements FilterExpression {
    /** Rows checked before deciding. */
    static final int SAMPLE_ROWS = 1 << 13;
    /** Rows let through unchecked after a sample that dropped too few. */
    static final int SKIP_ROWS = 1 << 20;
    /** The share of sampled rows the check must drop to be kept on. */
    static final double MIN_DROP_RATE = 0.05;

    private final FilterExpression check;
    private long sampled;
    private long kept;
    private long skipLeft;

    PassRateGate(FilterExpression check) {
        this.check = check;
    }

    @Override
    public int filter(Batch batch, int[] rows, int count, int[] out) {
        if (skipLeft > 0) {
            skipLeft -= count;
            if (out != rows) {
                System.arraycopy(rows, 0, out, 0, count);
            }
            return count;
        }
        int n = check.filter(batch, rows, count, out);
        sampled += count;
        kept += n;
        if (sampled >= SAMPLE_ROWS) {
            if (sampled - kept < MIN_DROP_RATE * sampled) {
                skipLeft = SKIP_ROWS;
            }
            sampled = 0;
            kept = 0;
        }
        return n;
    }
}
