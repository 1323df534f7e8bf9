package io.shoaldb.exec.exchange;

import io.shoaldb.exec.operator.Operator;
import io.shoaldb.exec.task.Driver;
import io.shoaldb.vector.Batch;

/** The source of a pipeline fed by an exchange: one consumer partition's batches, NOT_READY while none are buffered. */
final class ExchangeSourceOperator implements Operator {
    private final LocalExchange exchange;
    private final int partition;
    private final Driver consumer;
    private boolean finished;

    ExchangeSourceOperator(LocalExchange exchange, int partition, Driver consumer) {
        this.exchange = exchange;
        this.partition = partition;
        this.consumer = consumer;
    }

    @Override
    public Batch next() {
        if (finished) {
            return null;
        }
        Batch b = exchange.take(partition, consumer);
        finished = b == null;
        return b;
    }

    @Override
    public void close() {
        // Producers are stopped by the query's cancellation or finish on their own; nothing is held here.
        finished = true;
    }
}
