package io.shoaldb.ingest.groupcommit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    }

    private final Map<String, Claim> claims = new HashMap<>();
    private final RequestIdLog log;
    private final long retentionMillis;
    private long lastSweepMillis;

    RequestIds(RequestIdLog log, long retentionMillis) {
        this.log = log;
        this.retentionMillis = retentionMillis;
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

    /** Marks ids committed and makes them durable; called after the batch is visible, before its WAL goes. */
    void committed(List<RequestIdLog.Entry> entries, long nowMillis) throws IOException {
        if (entries.isEmpty()) {
            return;
        }
        synchronized (this) {
            for (RequestIdLog.Entry e : entries) {
                Claim c = claims.computeIfAbsent(e.requestId(), k -> new Claim());
                c.acked.complete(e.result());
                c.committedMillis = e.committedMillis();
            }
        }
        log.append(entries);
        sweep(nowMillis);
    }

    /** Restores committed ids from the durable log at start. */
    void restore(long nowMillis) throws IOException {
        for (RequestIdLog.Entry e : log.read()) {
            if (e.committedMillis() >= nowMillis - retentionMillis) {
                synchronized (this) {
                    Claim c = claims.computeIfAbsent(e.requestId(), k -> new Claim());
                    c.acked.complete(e.result());
                    c.committedMillis = e.committedMillis();
                }
            }
        }
    }

    /** Forgets committed ids older than the retention (at most every tenth of it), compacting the log. */
    void sweep(long nowMillis) throws IOException {
        List<RequestIdLog.Entry> live = new ArrayList<>();
        synchronized (this) {
            if (nowMillis - lastSweepMillis < Math.max(1, retentionMillis / 10)) {
                return;
            }
            lastSweepMillis = nowMillis;
            long cutoff = nowMillis - retentionMillis;
            claims.entrySet().removeIf(e -> e.getValue().committedMillis >= 0 && e.getValue().committedMillis < cutoff);
            for (Map.Entry<String, Claim> e : claims.entrySet()) {
                Claim c = e.getValue();
                if (c.committedMillis >= 0) {
                    live.add(new RequestIdLog.Entry(e.getKey(), c.acked.join(), c.committedMillis));
                }
            }
        }
        if (log.wantsRewrite(live.size())) {
            log.rewrite(live);
        }
    }
}
