package io.shoaldb.txn;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;

/**
 * A label is held by a transaction that has not aborted. Carries that transaction, because a Stream Load
 * reply names its status ({@code ExistingJobStatus}) and the WAL replay decides by it whether its data is
 * already in.
 */
public final class LabelAlreadyExistsException extends ShoalException {
    private static final long serialVersionUID = 1L;
    private final long existingTxnId;
    private final TxnState existingState;

    public LabelAlreadyExistsException(String label, long existingTxnId, TxnState existingState) {
        super(ErrorCode.LABEL_ALREADY_EXISTS, ErrorCode.LABEL_ALREADY_EXISTS.format(label, existingTxnId, existingState));
        this.existingTxnId = existingTxnId;
        this.existingState = existingState;
    }

    public long existingTxnId() {
        return existingTxnId;
    }

    public TxnState existingState() {
        return existingState;
    }

    /** "RUNNING" (PREPARE) or "FINISHED" (COMMITTED, VISIBLE): Stream Load's {@code ExistingJobStatus}. */
    public String existingJobStatus() {
        return existingState.existingJobStatus();
    }
}
