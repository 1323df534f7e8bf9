package io.shoaldb.exec.operator;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.task.ExchangeBuffer;
import io.shoaldb.vector.Batch;

/** The leaf of the single-threaded fragment: batches gathered from all parallel drivers. */
public final class ExchangeSourceOperator implements Operator {
    private final ExchangeBuffer buffer;

    public ExchangeSourceOperator(ExchangeBuffer buffer) {
        this.buffer = buffer;
    }

    @Override
    public Batch next() {
        try {
            return buffer.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorCode.INTERNAL_ERROR.exception("query interrupted");
        }
    }

    @Override
    public void close() {
        // The drivers feeding the buffer are stopped by the query's cancellation, not by this operator.
    }
}
