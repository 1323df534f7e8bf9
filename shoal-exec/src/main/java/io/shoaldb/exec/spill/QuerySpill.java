package io.shoaldb.exec.spill;

import io.shoaldb.exec.task.QueryMemory;
import io.shoaldb.storage.spill.QuerySpillFiles;
import io.shoaldb.storage.spill.SpillWriter;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/**
 * A query's spilling: when an operator should write what it holds to disk, and the runs it writes. Operators that can
 * spill (aggregation, join build, sort, window) ask {@link #shouldSpill} after taking in a batch, with what they hold
 * now; they spill when the query nears its {@code exec_mem_limit} - before {@link QueryMemory} would fail it -,
 * when their own state is over their share of the limit, or when the server nears its {@code mem_limit}; and always
 * once over {@code min_revocable_mem} under {@code enable_force_spill}. Closed when the query ends, deleting every run still on disk.
 */
public final class QuerySpill implements AutoCloseable {
    /** Everyone spills once the query holds this much of its limit (measured at slice ends, so keep headroom). */
    private static final double QUERY_SPILL_FRACTION = 0.6;
    /** One operator spills once it alone holds this much of its share of the limit... */
    private static final double OPERATOR_SHARE_FRACTION = 0.5;
    /**
     * ...and, when the limit is large ({@link #ROOMY_LIMIT_BYTES}), the query as a whole holds this much of it. The
     * share divides the limit among every state-holding operator the query has created, finished ones included, so on
     * its own it made a query far under a 2 GB limit spill (TPC-H q13/q18/q21 at SF1 on a 6 GB heap).
     */
    private static final double SHARE_RULE_FRACTION = 0.3;
    /**
     * From this limit up, the headroom above {@link #QUERY_SPILL_FRACTION} (400 MB and more) absorbs what operators add
     * between two measurements, so an operator may grow past its share while the query is small. Under it (small
     * heaps, a few-MB {@code exec_mem_limit}) one slice's growth is a large part of the headroom: operators spill by
     * their share at once, or the query overshoots its limit before the query-wide rule sees it.
     */
    private static final long ROOMY_LIMIT_BYTES = 1L << 30;
    /** Runs smaller than this fraction of the limit would mean many tiny files; never spill less. */
    private static final int MIN_RUN_DIVISOR = 64;

    private final SpillSettings settings;
    private final QueryMemory memory;
    private final long limitBytes;
    private final int parallelism;
    private final long minRunBytes;
    private final QuerySpillFiles files;

    /**
     * @param files where runs go; null when spilling is impossible (EXPLAIN, or no storage)
     * @param parallelism the query's drivers per pipeline: an operator's share of the limit is at most the limit
     *                    divided by it (by the number of state-holding operators the drivers run, when more)
     */
    public QuerySpill(SpillSettings settings, QueryMemory memory, long limitBytes, int parallelism,
                      QuerySpillFiles files) {
        this.settings = settings;
        this.memory = memory;
        this.limitBytes = limitBytes;
        this.parallelism = Math.max(1, parallelism);
        this.minRunBytes = limitBytes == 0 ? settings.minRevocableBytes()
                : Math.min(settings.minRevocableBytes(), Math.max(1, limitBytes / MIN_RUN_DIVISOR));
        this.files = files;
    }

    /** A query that never spills (no storage to spill to, or plans that are only explained). */
    public static QuerySpill disabled(QueryMemory memory) {
        return new QuerySpill(SpillSettings.DISABLED, memory, 0, 1, null);
    }

    public boolean enabled() {
        return settings.enabled() && files != null;
    }

    /** Whether an operator holding {@code operatorBytes} of revocable state should write it out now. */
    public boolean shouldSpill(long operatorBytes) {
        if (!enabled()) {
            return false;
        }
        if (settings.force()) {
            return operatorBytes >= settings.minRevocableBytes();
        }
        if (limitBytes == 0 || operatorBytes < minRunBytes) {
            return false;
        }
        long queryBytes = Math.max(memory.totalBytes(), operatorBytes);
        return queryBytes > limitBytes * QUERY_SPILL_FRACTION || memory.serverNearlyFull()
                || (operatorBytes > operatorShare()
                        && (limitBytes < ROOMY_LIMIT_BYTES || queryBytes > limitBytes * SHARE_RULE_FRACTION));
    }

    /** Fails the query when an operator holding {@code operatorBytes} takes it over its {@code exec_mem_limit}. */
    public void checkHeld(long operatorBytes) {
        memory.checkHeld(operatorBytes);
    }

    /** Half the limit divided among the operators that hold state at once - at least one per driver. */
    private long operatorShare() {
        return (long) (limitBytes * OPERATOR_SHARE_FRACTION / Math.max(parallelism, memory.holders()));
    }

    /**
     * What one operator may hold before it must spill, when the query has a limit: the memory an operator reading
     * its runs back (one batch per run) should stay within. Long.MAX_VALUE without a limit.
     */
    public long operatorShareBytes() {
        return limitBytes == 0 ? Long.MAX_VALUE : operatorShare();
    }

    /** Starts a run for batches whose columns have {@code types}. */
    public SpillWriter newRun(List<DataType> types) {
        if (!enabled()) {
            throw new IllegalStateException("spilling is disabled for this query");
        }
        return files.newRun(types);
    }

    /** Bytes of this query's runs on disk now. */
    public long bytesOnDisk() {
        return files == null ? 0 : files.bytesOnDisk();
    }

    @Override
    public void close() {
        if (files != null) {
            files.close();
        }
    }
}
