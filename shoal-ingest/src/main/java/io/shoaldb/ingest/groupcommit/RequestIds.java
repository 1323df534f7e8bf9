package io.shoaldb.ingest.groupcommit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import java.util.concurrent.CompletableFuture;

/**
 * One table's accepted client request ids, for retries without duplicates. An id is claimed when a load
 * starts; a second load with the same id waits for the first one's result instead of loading again. A
 * failed load gives its claim up (the retry then loads). Committed ids are also written to the table's
 * {@link RequestIdLog} and forgotten after the retention window.
 */
final class RequestIds {
    /** A claim: completed with the load's result once acknowledged; committed once visible. */
    static final class Claim {
        final CompletableFuture<LoadResult> acked = new CompletableFuture<>();
        volatile long committedMillis = -1;
        volatile long commitTxnId = -1;
    }

    private final Map<String, Claim> claims = new HashMap<>();
    private final RequestIdLog log;
    private final long retentionMillis;
    /** Told the commit transactions no remembered id points at any more (group commit may release them). */
    private final Consumer<Set<Long>> unreferenced;
    private long lastSweepMillis;

    RequestIds(RequestIdLog log, long retentionMillis, Consumer<Set<Long>> unreferenced) {
        this.log = log;
        this.retentionMillis = retentionMillis;
        this.unreferenced = unreferenced;
    }

    /** Claims {@code id} for a new load, or returns the existing claim (the caller is then a duplicate). */
    synchronized Claim claim(String id, Claim fresh) {
        Claim existing = claims.putIfAbsent(id, fresh);
        return existing == null ? fresh : existing;
    }

    synchronized void abandon(String id, Claim claim, Throwable why) {
        claims.remove(id, claim);
        claim.acked.completeExceptionally(why);
    }

    synchronized int size() {
        return claims.size();
    }

    /**
     * Makes the ids of a batch durable BEFORE its transaction commits, each tied to the txn id: a sync load
     * has no WAL record to carry its id, so without this a crash right after the commit would leave its
     * rows with no trace of the id, and the client's retry would load them twice. At start an entry counts
     * only if its transaction committed ({@link #restore}).
     */
    void intend(List<RequestIdLog.Entry> entries) throws IOException {
        log.append(entries);
    }

    /** Marks ids committed once the batch is visible; they are already durable through {@link #intend}. */
    void committed(List<RequestIdLog.Entry> entries, long nowMillis) throws IOException {
        if (entries.isEmpty()) {
            return;
        }
        synchronized (this) {
            for (RequestIdLog.Entry e : entries) {
                Claim c = claims.computeIfAbsent(e.requestId(), k -> new Claim());
                c.acked.complete(e.result());
                c.committedMillis = e.committedMillis();
                c.commitTxnId = e.commitTxnId();
            }
        }
        sweep(nowMillis);
    }

    /** Restores, at start, the ids whose transactions committed (an intent whose commit never happened is dropped). */
    void restore(long nowMillis, LongPredicate txnCommitted) throws IOException {
        for (RequestIdLog.Entry e : log.read()) {
            if (e.committedMillis() >= nowMillis - retentionMillis && txnCommitted.test(e.commitTxnId())) {
                synchronized (this) {
                    Claim c = claims.computeIfAbsent(e.requestId(), k -> new Claim());
                    c.acked.complete(e.result());
                    c.committedMillis = e.committedMillis();
                    c.commitTxnId = e.commitTxnId();
                }
            }
        }
    }

    /**
     * Forgets committed ids older than the retention (at most every tenth of it), compacting the log, and
     * hands the commit transactions they alone pointed at to {@link #unreferenced}: a restart skips expired
     * entries before it asks whether their transaction committed, so nothing needs those any more.
     */
    void sweep(long nowMillis) throws IOException {
        List<RequestIdLog.Entry> live = new ArrayList<>();
        Set<Long> expiredTxns = new HashSet<>();
        synchronized (this) {
            if (nowMillis - lastSweepMillis < Math.max(1, retentionMillis / 10)) {
                return;
            }
            lastSweepMillis = nowMillis;
            long cutoff = nowMillis - retentionMillis;
            claims.entrySet().removeIf(e -> {
                Claim c = e.getValue();
                boolean expired = c.committedMillis >= 0 && c.committedMillis < cutoff;
                if (expired) {
                    expiredTxns.add(c.commitTxnId);
                }
                return expired;
            });
            for (Map.Entry<String, Claim> e : claims.entrySet()) {
                Claim c = e.getValue();
                expiredTxns.remove(c.commitTxnId);
                if (c.committedMillis >= 0) {
                    live.add(new RequestIdLog.Entry(e.getKey(), c.acked.join(), c.committedMillis, c.commitTxnId));
                }
            }
        }
        if (log.wantsRewrite(live.size())) {
            log.rewrite(live);
        }
        if (!expiredTxns.isEmpty()) {
            unreferenced.accept(expiredTxns);
        }
    }
}
