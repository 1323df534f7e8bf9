package io.shoaldb.exec.aggregate;

/**
 * Decides when a PARTIAL aggregation without aggregate calls - the first step of a DISTINCT, of a COUNT(DISTINCT)
 * expanded into two aggregations, of a GROUP BY that only removes duplicates - stops hashing and passes its input's
 * key columns straight on. Such a step only removes duplicates for the FINAL step after the exchange, which removes
 * them anyway; when nearly every row is a new key (TPC-H Q16's 118,274 part and supplier rows hold 118,262 distinct
 * brand, type, size and supplier keys), hashing them is work that saves the exchange nothing. So after
 * {@link #SAMPLE_ROWS} input rows the table is checked once: if more than {@link #MAX_KEPT_SHARE} of the rows made a
 * new group, the groups so far are emitted and the rest of the input passes through. Always correct: the FINAL step
 * merges any number of copies of a key. Unlike {@link PartialAggregationFlush}, which empties the table and goes
 * on hashing, this ends the hashing; it needs no accumulator states, so it is only for steps without calls.
 */
public final class DistinctPassThrough {
    /** Rows seen before the one check: two full batches, so one batch's local order does not decide. */
    static final long SAMPLE_ROWS = 16_384;
    /** More new groups than this share of the rows: the step removes fewer than one row in ten. */
    static final double MAX_KEPT_SHARE = 0.9;
    private boolean checked;

    /** Called after each input batch with the rows taken in so far and the table's groups; true at most once. */
    public boolean shouldPassThrough(long rows, int groups) {
        if (checked || rows < SAMPLE_ROWS) {
            return false;
        }
        checked = true;
        return groups > rows * MAX_KEPT_SHARE;
    }
}
