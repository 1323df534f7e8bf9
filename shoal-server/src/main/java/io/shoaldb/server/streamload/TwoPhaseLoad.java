package io.shoaldb.server.streamload;

import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.ingest.write.TableLoad;
import io.shoaldb.storage.rowset.RowsetMeta;
import io.shoaldb.txn.LabelAlreadyExistsException;
import io.shoaldb.txn.Transaction;
import io.shoaldb.txn.TransactionInfo;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code two_phase_commit: true}: the rows are written and made durable, the transaction is begun (taking the
 * label) and left open; {@code _stream_load_2pc} commits or aborts it later (Doris's PRECOMMITTED state).
 */
final class TwoPhaseLoad {
    private TwoPhaseLoad() {
    }

    static StreamLoadResult run(LoadRun run, InputStream body, String label) {
        StreamLoadContext ctx = run.ctx;
        Optional<TransactionInfo> holder = LabelCheck.holder(ctx, label);
        if (holder.isPresent()) {
            return run.reply().txn(-1, label)
                    .labelExists(LabelCheck.message(holder.get()), holder.get().state().existingJobStatus()).build();
        }
        TableLoad rows = new TableLoad(ctx.storage(), ctx.target());
        try {
            run.open(body, LoadRun.NORMAL_BATCH_ROWS, LoadRun.NORMAL_BATCH_BYTES, run.ctx.options().decodeThreads());
            run.drainInto(rows::append);
        } catch (IOException e) {
            rows.abort();
            return run.reply().txn(-1, label).fail(run.readFailure(e)).build();
        } catch (RuntimeException e) {
            rows.abort();
            throw e;
        }
        Optional<ShoalException> tooManyFiltered = run.finishReading(() -> label);
        if (tooManyFiltered.isPresent()) {
            rows.abort();
            return run.reply().txn(-1, label).fail(tooManyFiltered.get().getMessage()).build();
        }
        long t0 = System.nanoTime();
        Transaction txn;
        try {
            txn = ctx.txns().begin(ctx.databaseId(), label, Set.of(ctx.target().tableId()), ctx.headers().timeout());
        } catch (LabelAlreadyExistsException e) {
            rows.abort();
            return run.reply().txn(-1, label).labelExists(e.getMessage(), e.existingJobStatus()).build();
        } catch (ShoalException e) {
            rows.abort();
            return run.reply().txn(-1, label).fail(e.getMessage()).build();
        }
        run.times.beginTxn(System.nanoTime() - t0);
        long c0 = System.nanoTime();
        Map<Long, RowsetMeta> rowsets;
        try {
            rowsets = rows.finish(txn.txnId()); // deletes its files itself on failure
        } catch (RuntimeException e) {
            ctx.txns().abort(txn, e.getMessage());
            return run.reply().txn(txn.txnId(), label).fail(e.getMessage()).build();
        }
        ctx.prepared().add(new PreparedLoads.Prepared(txn, rows, rowsets,
                System.currentTimeMillis() + ctx.headers().timeout().toMillis()));
        run.times.commitAndPublish(System.nanoTime() - c0); // the pre-commit: files made durable
        return run.reply().txn(txn.txnId(), label).build();
    }
}
