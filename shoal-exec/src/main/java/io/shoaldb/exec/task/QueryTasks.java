package io.shoaldb.exec.task;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The drivers of one query: a cancellation flag they poll between batches and a count of those still running. */
public final class QueryTasks {
    private final CountDownLatch running;
    private volatile boolean cancelled;

    public QueryTasks(int tasks) {
        this.running = new CountDownLatch(tasks);
    }

    public boolean isCancelled() {
        return cancelled;
    }

    void taskFinished() {
        running.countDown();
    }

    /** Cancels the drivers and waits for them to close their operators (they stop within one batch). */
    public boolean cancelAndWait(ExchangeBuffer exchange, long timeoutMillis) throws InterruptedException {
        cancelled = true;
        if (exchange != null) {
            exchange.close();
        }
        return running.await(timeoutMillis, TimeUnit.MILLISECONDS);
    }
}
