package io.shoaldb.exec.operator;

import io.shoaldb.vector.Batch;

/** Skips {@code offset} rows, passes at most {@code fetch} (-1: all), then closes its input early. */
public final class LimitOperator implements Operator {
    private final Operator input;
    private long toSkip;
    private long remaining;

    public LimitOperator(Operator input, long offset, long fetch) {
        this.input = input;
        this.toSkip = offset;
        this.remaining = fetch < 0 ? Long.MAX_VALUE : fetch;
    }

    @Override
    public Batch next() {
        for (int consumed = 0; remaining > 0; consumed++) {
            if (consumed == INPUT_BATCHES_PER_CALL) {
                return YIELD;
            }
            Batch b = input.next();
            if (b == null || Operator.isSignal(b)) {
                return b;
            }
            int n = b.positionCount();
            int from = (int) Math.min(toSkip, n);
            toSkip -= from;
            int take = (int) Math.min(remaining, n - from);
            if (take == 0) {
                continue;
            }
            remaining -= take;
            if (remaining == 0) {
                input.close(); // nothing more is needed: stop scans now
            }
            if (from == 0 && take == n) {
                return b;
            }
            int[] rows = new int[take];
            for (int i = 0; i < take; i++) {
                rows[i] = b.row(from + i);
            }
            return b.withSelection(rows, take);
        }
        return null;
    }

    @Override
    public void close() {
        input.close();
    }
}
