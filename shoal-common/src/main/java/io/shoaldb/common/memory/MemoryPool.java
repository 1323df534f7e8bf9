package io.shoaldb.common.memory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

/**
 * What the whole server holds in memory against {@code mem_limit}: the loads' parts (group commit's queued rows,
 * inline rowsets, the page cache), each bounded by its own limit, and the running queries, bounded together only
 * by this pool. Every part measures itself; the pool adds them up when asked. Queries use it in two ways: an
 * operator spills once the pool is nearly full ({@link #nearlyFull()}), and when it is over its limit the query
 * holding the most is failed ({@link #isLargestQuery}) - the loads never are, so a burst of queries cannot make
 * acknowledged loads fail, and loads (bounded by their own limits) push queries to spill instead of the heap
 * running out.
 */
public final class MemoryPool {
    /** Queries spill once the server holds this fraction of mem_limit. */
    private static final double NEARLY_FULL = 0.8;

    private final long limitBytes;
    private final List<Part> fixed = new CopyOnWriteArrayList<>();
    private final List<QueryShare> queries = new CopyOnWriteArrayList<>();

    private record Part(String name, LongSupplier bytes) {
    }

    /** One running query's entry; close it when the query ends. */
    public final class QueryShare implements AutoCloseable {
        private final LongSupplier bytes;

        private QueryShare(LongSupplier bytes) {
            this.bytes = bytes;
        }

        long bytes() {
            return bytes.getAsLong();
        }

        @Override
        public void close() {
            queries.remove(this);
        }
    }

    /** @param limitBytes {@code mem_limit}; 0 = no limit (nothing is ever refused) */
    public MemoryPool(long limitBytes) {
        if (limitBytes < 0) {
            throw new IllegalArgumentException("mem_limit must not be negative");
        }
        this.limitBytes = limitBytes;
    }

    /** A pool without a limit, for embedded uses and tests. */
    public static MemoryPool unbounded() {
        return new MemoryPool(0);
    }

    public long limitBytes() {
        return limitBytes;
    }

    /** A part of the server with its own bound (a load queue, a cache), measured by {@code bytes} when asked. */
    public void addPart(String name, LongSupplier bytes) {
        fixed.add(new Part(name, bytes));
    }

    /** Registers a running query, measured by {@code bytes} (what it last published). */
    public QueryShare addQuery(LongSupplier bytes) {
        QueryShare share = new QueryShare(bytes);
        queries.add(share);
        return share;
    }

    /** Everything held now. */
    public long usedBytes() {
        return partsBytes() + queriesBytes();
    }

    /** Held by the parts that are not queries. */
    public long partsBytes() {
        long total = 0;
        for (Part p : fixed) {
            total += p.bytes().getAsLong();
        }
        return total;
    }

    /** Held by running queries together. */
    public long queriesBytes() {
        long total = 0;
        for (QueryShare q : queries) {
            total += q.bytes();
        }
        return total;
    }

    /** Whether the server holds more than its limit. */
    public boolean overLimit() {
        return limitBytes > 0 && usedBytes() > limitBytes;
    }

    /** Whether queries should spill what they can: the server holds most of its limit. */
    public boolean nearlyFull() {
        return limitBytes > 0 && usedBytes() > limitBytes * NEARLY_FULL;
    }

    /** Whether {@code share} holds at least as much as every other running query (the one to fail first). */
    public boolean isLargestQuery(QueryShare share) {
        long mine = share.bytes();
        for (QueryShare q : queries) {
            if (q != share && q.bytes() > mine) {
                return false;
            }
        }
        return true;
    }
}
