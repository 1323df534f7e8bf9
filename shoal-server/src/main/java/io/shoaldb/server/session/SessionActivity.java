package io.shoaldb.server.session;

import io.shoaldb.common.error.ErrorCode;
import java.util.function.Consumer;

/**
 * What a session is doing now, for SHOW PROCESSLIST and KILL. The session's own thread moves it between idle
 * and a statement; other sessions read it and interrupt it, so every access takes the lock. A statement counts
 * as running until its result has been read to the end or closed, since a streamed query works while the
 * client reads.
 */
public final class SessionActivity {
    /**
     * One row of SHOW PROCESSLIST: MySQL's Command ("Sleep" or "Query"), seconds in it, State and Info. State is
     * "running" while a statement is parsed, planned or runs outside the query engine, "waiting in query queue"
     * while admission control holds it, "executing" once its query runs on the workers, "killed" after KILL.
     */
    public record Snapshot(String command, long seconds, String state, String statement) {
    }

    /** SHOW PROCESSLIST's State of a query held back by admission control. */
    public static final String WAITING_IN_QUEUE = "waiting in query queue";

    private long sinceNanos = System.nanoTime();
    private String statement;
    private Consumer<RuntimeException> stopper;
    private boolean interrupted;
    private boolean queued;

    /** The session starts running {@code sql}. */
    synchronized void begin(String sql) {
        statement = sql;
        sinceNanos = System.nanoTime();
        stopper = null;
        interrupted = false;
        queued = false;
    }

    /** The statement waits for a place to run (admission control), or has got one. */
    public synchronized void setQueued(boolean waiting) {
        queued = waiting;
    }

    /** The session is idle again. */
    synchronized void end() {
        statement = null;
        sinceNanos = System.nanoTime();
        stopper = null;
        interrupted = false;
        queued = false;
    }

    /**
     * Registers how to stop the current statement's running query; if a KILL QUERY came first (while the
     * statement was being planned), stops it at once.
     */
    public void attach(Consumer<RuntimeException> stop) {
        boolean stopNow;
        synchronized (this) {
            stopper = stop;
            stopNow = interrupted;
        }
        if (stopNow) {
            stop.accept(ErrorCode.QUERY_INTERRUPTED.exception());
        }
    }

    /** True once the current statement has been interrupted; long waits outside a query check it. */
    public synchronized boolean interrupted() {
        return interrupted;
    }

    /** KILL QUERY, KILL CONNECTION or the client going away: stops the running statement, if any. */
    public void interrupt() {
        Consumer<RuntimeException> stop;
        synchronized (this) {
            if (statement == null) {
                return;
            }
            interrupted = true;
            stop = stopper;
        }
        if (stop != null) {
            stop.accept(ErrorCode.QUERY_INTERRUPTED.exception());
        }
    }

    public synchronized Snapshot snapshot() {
        long seconds = (System.nanoTime() - sinceNanos) / 1_000_000_000L;
        if (statement == null) {
            return new Snapshot("Sleep", seconds, "", null);
        }
        String state = interrupted ? "killed" : queued ? WAITING_IN_QUEUE : stopper != null ? "executing" : "running";
        return new Snapshot("Query", seconds, state, statement);
    }
}
