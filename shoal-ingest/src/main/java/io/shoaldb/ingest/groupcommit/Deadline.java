package io.shoaldb.ingest.groupcommit;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The end of one load's timeout (Doris's {@code insert_timeout}, Stream Load's {@code timeout}) and the
 * error a load gets past it, which says truthfully what became of its rows.
 */
final class Deadline {
    /** The load timed out before its rows joined a batch. */
    static final String NOT_LOADED = "nothing of it was loaded";
    /** The load timed out after its rows joined a batch: they commit if the batch does. */
    static final String MAY_COMMIT = "its rows are in a group commit batch and become visible if that batch commits;"
            + " retry with the same group_commit_request_id to load them at most once";
    static final Deadline NONE = new Deadline("", 0, Long.MAX_VALUE);

    private final String table;
    private final long seconds;
    private final long nanos;

    private Deadline(String table, long seconds, long nanos) {
        this.table = table;
        this.seconds = seconds;
        this.nanos = nanos;
    }

    /** From now; {@code timeout} null = no deadline. */
    static Deadline of(String table, Duration timeout) {
        if (timeout == null) {
            return NONE;
        }
        long now = System.nanoTime();
        long end = now + timeout.toNanos();
        return new Deadline(table, timeout.toSeconds(), end < now ? Long.MAX_VALUE : end);
    }

    /** {@link System#nanoTime} at the deadline; {@code Long.MAX_VALUE} for none. */
    long nanos() {
        return nanos;
    }

    /** Waits for {@code f} until the deadline; past it throws {@link #expired} with {@code outcome}. */
    <T> T await(CompletableFuture<T> f, String outcome) throws ExecutionException {
        try {
            if (nanos == Long.MAX_VALUE) {
                return f.get();
            }
            return f.get(Math.max(0, nanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw expired(outcome);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorCode.INTERNAL_ERROR.exceptionWithCause(e, "interrupted while waiting for group commit");
        }
    }

    ShoalException expired(String outcome) {
        return ErrorCode.GROUP_COMMIT_LOAD_TIMEOUT.exception(table, seconds, outcome);
    }
}
