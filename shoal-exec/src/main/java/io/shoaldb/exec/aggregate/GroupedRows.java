package io.shoaldb.exec.aggregate;

/**
 * The rows of one input batch ordered by group, for aggregations with few groups (TPC-H Q1's four): group g's rows
 * are {@code rows()[start(g) .. start(g + 1))}, in their batch order. Summing per group from this order keeps each
 * group's running sum in a register, where the row-order loop adds into {@code sums[groupIds[i]]} and every add waits
 * for the store of the add before it to the same few groups; and counts are the lengths of the ranges. One pass
 * counts the groups and one places the rows, so it pays off once several accumulators read the batch. The arrays
 * are reused from batch to batch.
 */
final class GroupedRows {
    /** Most groups this order is made for: beyond that, the per-group loops grow shorter than their set-up. */
    static final int MAX_GROUPS = 64;
    /** Fewest rows worth ordering. */
    static final int MIN_ROWS = 256;

    private int[] rows = new int[0];
    private int[] start = new int[MAX_GROUPS + 1];
    private int groups;

    /** Whether a batch of {@code count} rows over {@code groups} groups and {@code accumulators} is worth ordering. */
    static boolean worthIt(int groups, int count, int accumulators) {
        return groups <= MAX_GROUPS && count >= MIN_ROWS && accumulators >= 2;
    }

    /** Orders {@code rows[0 .. count)} by {@code groupIds} (aligned with them; every id below {@code groups}). */
    void order(int[] batchRows, int count, int[] groupIds, int groups) {
        this.groups = groups;
        if (rows.length < count) {
            rows = new int[count];
        }
        int[] next = start;
        java.util.Arrays.fill(next, 0, groups + 1, 0);
        for (int i = 0; i < count; i++) {
            next[groupIds[i] + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            next[g + 1] += next[g];
        }
        int[] at = java.util.Arrays.copyOf(next, groups);
        for (int i = 0; i < count; i++) {
            rows[at[groupIds[i]]++] = batchRows[i];
        }
    }

    int groups() {
        return groups;
    }

    int[] rows() {
        return rows;
    }

    int start(int group) {
        return start[group];
    }

    /** Rows of {@code group}. */
    int size(int group) {
        return start[group + 1] - start[group];
    }
}
