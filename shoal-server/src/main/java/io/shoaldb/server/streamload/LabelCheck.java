package io.shoaldb.server.streamload;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.txn.TransactionInfo;
import io.shoaldb.txn.TxnState;
import java.util.Optional;

/**
 * Doris begins a labelled load's transaction before reading its body, so a reused label is refused at once.
 * ShoalDB begins it at commit (an abandoned body never holds a label); this early look keeps Doris's
 * behaviour for the common case, and the commit's own check covers a race with a concurrent load.
 */
final class LabelCheck {
    private LabelCheck() {
    }

    /** The holder of the label if a live or finished transaction has it. */
    static Optional<TransactionInfo> holder(StreamLoadContext ctx, String label) {
        return ctx.txns().find(ctx.databaseId(), label).filter(info -> info.state() != TxnState.ABORTED);
    }

    static String message(TransactionInfo holder) {
        return ErrorCode.LABEL_ALREADY_EXISTS.format(holder.label(), holder.txnId(), holder.state());
    }
}
