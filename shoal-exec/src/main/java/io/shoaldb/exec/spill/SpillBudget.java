package io.shoaldb.exec.spill;

import io.shoaldb.common.memory.MemoryPool;

/**
 * The memory a query's spilling operators plan with: its {@code exec_mem_limit}, but never more than half of the
 * server's {@code mem_limit}. Doris's default {@code exec_mem_limit} (2 GB) is larger than a small server's whole
 * heap: on a 1 GB heap no operator ever reached its share of it, and the server-wide rule (spill once the pool holds
 * 80% of {@code mem_limit}, i.e. 72% of the heap) came too late - operators count the arrays they own, not object
 * headers, batches in flight or garbage not yet collected, and the page cache holds its own fifth of the heap -, so
 * TPC-H joins and aggregations ran out of heap instead of spilling. Only the spill decisions use this budget: the
 * query still fails at its own {@code exec_mem_limit}, and the server's limit still cancels the largest query.
 */
public final class SpillBudget {
    /** The most of {@code mem_limit} one query plans to hold before it spills. */
    static final double MEM_LIMIT_SHARE = 0.5;

    private SpillBudget() {
    }

    /**
     * @param execMemLimitBytes the query's {@code exec_mem_limit}, 0 = none
     * @param pool              the server's pool; an unbounded pool leaves the query's limit as it is
     * @return the bytes the query's operators spill against, 0 = no limit
     */
    public static long bytes(long execMemLimitBytes, MemoryPool pool) {
        long serverShare = (long) (pool.limitBytes() * MEM_LIMIT_SHARE);
        if (serverShare == 0) {
            return execMemLimitBytes;
        }
        return execMemLimitBytes == 0 ? serverShare : Math.min(execMemLimitBytes, serverShare);
    }
}
