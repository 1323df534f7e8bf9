package io.shoaldb.exec.aggregate;

/**
 * Decides when a PARTIAL aggregation should hand its groups downstream and start an empty table, because the table
 * has stopped paying for itself. A PARTIAL step only pre-reduces rows for the FINAL step after the exchange; a table
 * whose lookups rarely find an existing group (keys that are nearly unique per task, such as an order key over line
 * items) does not reduce anything beyond what equal neighbouring rows already give, yet grows past the caches and
 * makes every lookup a cache miss. So once the table holds {@code groupLimit} groups (a size that still fits in the
 * caches), it is checked: if fewer than {@link #MIN_PROBES_PER_GROUP} lookups were made per group, the groups are
 * flushed and the next table starts small again; otherwise the table has shown it reduces rows and may grow, checked
 * again each time it doubles. Flushing is always correct: the FINAL step merges any number of states of one key.
 */
public final class PartialAggregationFlush {
    /** 64K groups: the integer-key slots of one key (16 bytes, at most half full) take 2 MB. */
    public static final int DEFAULT_GROUP_LIMIT = 1 << 16;
    /** Below this many lookups per group, three in four lookups or more created a group. */
    static final double MIN_PROBES_PER_GROUP = 1.25;
    private final int groupLimit;
    private long nextCheck;

    public PartialAggregationFlush(int groupLimit) {
        if (groupLimit < 1) {
            throw new IllegalArgumentException("group limit " + groupLimit);
        }
        this.groupLimit = groupLimit;
        this.nextCheck = groupLimit;
    }

    /**
     * Called after each input batch with the table's groups and lookups so far ({@link HashAggregator#probes});
     * true when the table should be flushed now (the caller then empties it).
     */
    public boolean shouldFlush(int groups, long probes) {
        if (groups < nextCheck) {
            return false;
        }
        if (probes < groups * MIN_PROBES_PER_GROUP) {
            nextCheck = groupLimit;
            return true;
        }
        nextCheck = 2L * groups;
        return false;
    }
}
