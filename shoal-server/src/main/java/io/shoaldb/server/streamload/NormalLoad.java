package io.shoaldb.server.streamload;

import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.server.load.PendingLoad;
import io.shoaldb.txn.CommitResult;
import io.shoaldb.txn.LabelAlreadyExistsException;
import io.shoaldb.txn.TransactionInfo;
import io.shoaldb.vector.Batch;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The normal path: rows go to the tablets as batches are decoded, on a writer thread of their own (bounded
 * memory for any body size), then one labelled transaction commits them, or nothing is committed when reading
 * fails, too many rows are filtered, or the label is taken.
 */
final class NormalLoad {
    private NormalLoad() {
    }

    static StreamLoadResult run(LoadRun run, InputStream body, String label) {
        StreamLoadContext ctx = run.ctx;
        long t0 = System.nanoTime();
        Optional<TransactionInfo> holder = LabelCheck.holder(ctx, label);
        run.times.beginTxn(System.nanoTime() - t0);
        if (holder.isPresent()) {
            return run.reply().txn(-1, label)
                    .labelExists(LabelCheck.message(holder.get()), holder.get().state().existingJobStatus()).build();
        }
        PendingLoad pending = new PendingLoad(ctx.storage(), ctx.txns(), ctx.databaseId(), label);
        try {
            run.open(body, LoadRun.NORMAL_BATCH_ROWS, LoadRun.NORMAL_BATCH_BYTES, ctx.options().decodeThreads());
            // A plain body's length is (about) its rows' size: a small load commits them inline.
            long wholeLoadBytes = ctx.headers().compressType() == null ? ctx.request().contentLength() : -1;
            Consumer<Batch> sink = batch -> pending.table(ctx.target(), wholeLoadBytes).append(batch);
            if (wholeLoadBytes >= 0 && wholeLoadBytes <= LoadRun.NORMAL_BATCH_BYTES) {
                run.drainInto(sink); // one batch: nothing to overlap
            } else {
                run.drainBehind(sink); // decoding overlaps writing: on a big body each is a large share of the load
            }
        } catch (IOException e) {
            pending.abortWrites();
            return run.reply().txn(-1, label).fail(run.readFailure(e)).build();
        } catch (RuntimeException e) {
            pending.abortWrites();
            throw e;
        }
        Optional<ShoalException> tooManyFiltered = run.finishReading(() -> label);
        if (tooManyFiltered.isPresent()) {
            pending.abortWrites();
            return run.reply().txn(-1, label).fail(tooManyFiltered.get().getMessage()).build();
        }
        long c0 = System.nanoTime();
        CommitResult committed;
        try {
            committed = pending.commit(ctx.headers().timeout()); // aborts the writes itself on failure
        } catch (LabelAlreadyExistsException e) {
            return run.reply().txn(-1, label).labelExists(e.getMessage(), e.existingJobStatus()).build();
        } catch (ShoalException e) {
            return run.reply().txn(-1, label).fail(e.getMessage()).build();
        }
        run.times.commitAndPublish(System.nanoTime() - c0);
        return run.reply().txn(committed.txnId(), committed.label()).build();
    }
}
