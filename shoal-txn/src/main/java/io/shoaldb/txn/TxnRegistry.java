package io.shoaldb.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Transactions in memory by id and by (database, label). A label maps to its newest transaction; an
 * aborted one stays findable by id until it expires. Label checks and registration happen under one lock,
 * so two begins with the same label cannot both succeed. The lock guards only these maps: nothing under it
 * does I/O or takes another lock (the transaction is made, id and all, before it is registered).
 */
final class TxnRegistry {
    private record LabelKey(long databaseId, String label) {
    }

    private final Map<Long, Transaction> byId = new HashMap<>();
    private final Map<LabelKey, Transaction> byLabel = new HashMap<>();

    /**
     * Registers {@code txn} unless its label is held: by a transaction that is not aborted (after aborting
     * it if it timed out) and whose label has not expired.
     */
    synchronized Transaction register(Transaction txn, long nowMillis, long expiredBeforeMillis) {
        LabelKey key = new LabelKey(txn.databaseId(), txn.label());
        Transaction holder = byLabel.get(key);
        if (holder != null) {
            holder.abortIfTimedOut(nowMillis);
            if (!holder.releasesLabel(expiredBeforeMillis)) {
                throw new LabelAlreadyExistsException(txn.label(), holder.txnId(), holder.state());
            }
        }
        byId.put(txn.txnId(), txn);
        byLabel.put(key, txn);
        return txn;
    }

    /** Registers an internal transaction by id only: its generated label takes part in no dedup. */
    synchronized void registerInternal(Transaction txn) {
        byId.put(txn.txnId(), txn);
    }

    /** Forgets an internal transaction; returns it, or null when it is unknown (or not internal). */
    synchronized Transaction removeInternal(long txnId) {
        Transaction t = byId.get(txnId);
        if (t == null || !t.internal()) {
            return null;
        }
        byId.remove(txnId);
        return t;
    }

    /** Adds a transaction recovered from disk (committed before the restart). */
    synchronized void restore(Transaction txn) {
        byId.put(txn.txnId(), txn);
        byLabel.merge(new LabelKey(txn.databaseId(), txn.label()), txn,
                (a, b) -> a.txnId() > b.txnId() ? a : b);
    }

    synchronized Optional<Transaction> get(long txnId) {
        return Optional.ofNullable(byId.get(txnId));
    }

    synchronized Optional<Transaction> get(long databaseId, String label) {
        return Optional.ofNullable(byLabel.get(new LabelKey(databaseId, label)));
    }

    /** Forgets transactions that finished before the cutoff; returns how many. */
    synchronized int removeFinishedBefore(long cutoffMillis) {
        List<Transaction> gone = new ArrayList<>();
        for (Transaction t : byId.values()) {
            if (t.finishedBefore(cutoffMillis)) {
                gone.add(t);
            }
        }
        for (Transaction t : gone) {
            byId.remove(t.txnId());
            byLabel.remove(new LabelKey(t.databaseId(), t.label()), t);
        }
        return gone.size();
    }
}
