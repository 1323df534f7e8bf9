package io.shoaldb.exec.expr;

/**
 * Working arrays of batch length that one thread reuses from batch to batch, where an operator's inner step would
 * otherwise allocate the same arrays for every batch (hundreds of megabytes over an SF10 scan, which the young
 * collections then sweep). Each array is named by a slot number chosen by its user; an array is handed out with
 * whatever it held last, so users write every position they read, or clear it. Arrays longer than
 * {@link #MAX_KEPT} (a one-off call over a whole join build side, say) are allocated fresh and not kept, so a
 * scratch never holds more than a few batches' worth of memory.
 * Not thread-safe: one per thread (per driver's operator, or per table that only one thread fills).
 */
public final class BatchScratch {
    /** Longest array kept: well above a scan batch (a page, up to 8,192 rows) and a join's output slice. */
    static final int MAX_KEPT = 1 << 16;
    private final int[][] ints;
    private final long[][] longs;

    public BatchScratch(int intSlots, int longSlots) {
        this.ints = new int[intSlots][];
        this.longs = new long[longSlots][];
    }

    /** An int array of at least {@code length} elements for slot {@code slot}, holding what it held last. */
    public int[] ints(int slot, int length) {
        int[] a = ints[slot];
        if (a != null && a.length >= length) {
            return a;
        }
        a = new int[length];
        if (length <= MAX_KEPT) {
            ints[slot] = a;
        }
        return a;
    }

    /** A long array of at least {@code length} elements for slot {@code slot}, holding what it held last. */
    public long[] longs(int slot, int length) {
        long[] a = longs[slot];
        if (a != null && a.length >= length) {
            return a;
        }
        a = new long[length];
        if (length <= MAX_KEPT) {
            longs[slot] = a;
        }
        return a;
    }
}
