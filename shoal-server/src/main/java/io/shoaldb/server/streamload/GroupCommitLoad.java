package io.shoaldb.server.streamload;

import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.Failures;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.groupcommit.GroupCommitMode;
import io.shoaldb.ingest.groupcommit.GroupCommitTableStatus;
import io.shoaldb.server.load.PendingLoad;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.txn.Labels;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Stream Load through group commit. The body is decoded into one batch of at most
 * {@code groupCommitBufferBytes} input bytes; {@code max_filter_ratio} is checked on the whole body and then
 * the batch joins the table's group-commit queue (ASYNC: acknowledged once the WAL holds it, unless the
 * manager's WAL-space rule runs it as sync; SYNC: once its batch is visible).
 *
 * <p>A body larger than the buffer is not held in memory. The choice made here: it runs
 * as a <em>sync</em> group-commit load in a transaction of its own: its rows go to the tablets as they are
 * decoded and one {@code group_commit_} transaction commits them at the end. Merging it with other loads would
 * gain nothing (it is a version's worth of data by itself), and unlike splitting it into several group-commit
 * loads, it stays atomic: {@code max_filter_ratio} holds for the whole body and a failure commits nothing
 * (Doris stops enforcing the ratio once a load spills into the shared queue). It is an async-to-sync switch
 * like Doris's for loads too large for the WAL, so the reply still says {@code GroupCommit: true}.
 */
final class GroupCommitLoad {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitLoad.class);
    /** ShoalDB extension: a client id that makes a retried group-commit load return the first one's result. */
    static final String REQUEST_ID_HEADER = "group_commit_request_id";

    private GroupCommitLoad() {
    }

    /**
     * Reads the body and runs the load. The future of a body that is one batch completes when group commit
     * finishes it ({@link io.shoaldb.ingest.groupcommit.GroupCommitManager#loadAsync}), on {@code completions}
     * (to which the WAL syncer or committer hands it), with no thread parked meanwhile. Every other outcome is complete on return.
     */
    static CompletableFuture<StreamLoadResult> run(LoadRun run, InputStream body, Executor completions) {
        FailureLabel failureLabel = new FailureLabel();
        run.open(body, Integer.MAX_VALUE, run.ctx.options().groupCommitBufferBytes(), 1);
        Batch first;
        Batch second;
        try {
            first = run.next();
            second = first == null ? null : run.next();
        } catch (IOException e) {
            return done(run.reply().groupCommit().txn(-1, failureLabel.get()).fail(run.readFailure(e)).build());
        }
        if (second == null) {
            return queued(run, first, failureLabel, completions);
        }
        return done(ownTransaction(run, first, second, failureLabel));
    }

    private static CompletableFuture<StreamLoadResult> done(StreamLoadResult result) {
        return CompletableFuture.completedFuture(result);
    }

    /** The whole body is one batch: it joins the table's queue; the reply is built when the load ends. */
    private static CompletableFuture<StreamLoadResult> queued(LoadRun run, Batch batch, FailureLabel failureLabel,
            Executor completions) {
        StreamLoadContext ctx = run.ctx;
        Optional<ShoalException> tooManyFiltered = run.finishReading(failureLabel);
        if (tooManyFiltered.isPresent()) {
            return done(run.reply().groupCommit().txn(-1, failureLabel.get())
                    .fail(tooManyFiltered.get().getMessage()).build());
        }
        if (batch == null || batch.positionCount() == 0) {
            // nothing to merge: no batch is opened for an empty load
            return done(run.reply().groupCommit().txn(-1, Labels.generate("group_commit_")).build());
        }
        GroupCommitMode mode = ctx.path().async() ? GroupCommitMode.ASYNC : GroupCommitMode.SYNC;
        String requestId = ctx.request().header(REQUEST_ID_HEADER);
        long t0 = System.nanoTime();
        return ctx.groupCommit().loadAsync(ctx.target(), batch, mode, ctx.table().properties().groupCommitIntervalMs(),
                ctx.table().properties().groupCommitDataBytes(),
                requestId == null || requestId.isBlank() ? null : requestId.strip(), ctx.headers().timeout(), completions)
                .handle((result, failure) -> {
                    run.times.addWrite(System.nanoTime() - t0); // a sync load's wait shows here, as in Doris
                    if (failure == null) {
                        if (result.ranAsSync()) {
                            LOG.info("async group commit Stream Load into {} ran as sync (WAL space)",
                                    ctx.table().name());
                        }
                        return run.reply().groupCommit().txn(result.txnId(), result.label()).build();
                    }
                    Throwable cause = Failures.unwrap(failure);
                    if (cause instanceof ShoalException e) {
                        return run.reply().groupCommit().txn(-1, failureLabel.get()).fail(e.getMessage()).build();
                    }
                    throw new CompletionException(cause);
                });
    }

    /** A body over the buffer: streamed to storage, one transaction of its own (see the class comment). */
    private static StreamLoadResult ownTransaction(LoadRun run, Batch first, Batch second,
            FailureLabel failureLabel) {
        StreamLoadContext ctx = run.ctx;
        for (GroupCommitTableStatus s : ctx.groupCommit().status()) {
            if (s.tableId() == ctx.table().id() && s.blocked()) {
                return run.reply().groupCommit().txn(-1, failureLabel.get())
                        .fail(ErrorCode.GROUP_COMMIT_TABLE_BLOCKED.format(ctx.table().name())).build();
            }
        }
        String label = Labels.generate("group_commit_");
        LOG.info("group commit Stream Load into {} is larger than {} bytes: it runs as sync in its own transaction {}",
                ctx.table().name(), ctx.options().groupCommitBufferBytes(), label);
        PendingLoad pending = new PendingLoad(ctx.storage(), ctx.txns(), ctx.databaseId(), label);
        Consumer<Batch> sink = batch -> pending.table(ctx.target()).append(batch);
        try {
            run.write(sink, first);
            run.write(sink, second);
            run.drainInto(sink);
        } catch (IOException e) {
            pending.abortWrites();
            return run.reply().groupCommit().txn(-1, label).fail(run.readFailure(e)).build();
        } catch (RuntimeException e) {
            pending.abortWrites();
            throw e;
        }
        Optional<ShoalException> tooManyFiltered = run.finishReading(() -> label);
        if (tooManyFiltered.isPresent()) {
            pending.abortWrites();
            return run.reply().groupCommit().txn(-1, label).fail(tooManyFiltered.get().getMessage()).build();
        }
        long t0 = System.nanoTime();
        CommitResult committed;
        try {
            committed = pending.commit(ctx.headers().timeout());
        } catch (ShoalException e) {
            return run.reply().groupCommit().txn(-1, label).fail(e.getMessage()).build();
        } finally {
            run.times.addWrite(System.nanoTime() - t0);
        }
        return run.reply().groupCommit().txn(committed.txnId(), committed.label()).build();
    }

    /**
     * The label of a load that fails before it has a transaction, and of its error log (Doris names every load).
     * Made on first use: a random UUID costs a read of the system's random source, which a load that succeeds
     * without filtered rows never needs.
     */
    private static final class FailureLabel implements Supplier<String> {
        private String label;

        @Override
        public String get() {
            if (label == null) {
                label = UUID.randomUUID().toString();
            }
            return label;
        }
    }
}
