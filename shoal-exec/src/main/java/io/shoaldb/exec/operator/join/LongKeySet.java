package io.shoaldb.exec.operator.join;

/**
 * An open-addressing set of at most {@code limit} longs, for runtime filters: built while a join build's keys
 * are scanned (refusing more than the limit), then probed by the scan for each row.
 */
final class LongKeySet {
    private final long[] slots;
    private final boolean[] used;
    private final int limit;
    private final int mask;
    private int size;

    LongKeySet(int limit) {
        this.limit = limit;
        this.slots = new long[Math.max(4, Integer.highestOneBit(Math.max(1, limit)) * 4)];
        this.used = new boolean[slots.length];
        this.mask = slots.length - 1;
    }

    private int home(long v) {
        return (int) (v * 0x9E3779B97F4A7C15L >>> 40) & mask;
    }

    /** Adds {@code v}; false (and nothing added) when that would pass the limit. */
    boolean add(long v) {
        int i = home(v);
        while (used[i]) {
            if (slots[i] == v) {
                return true;
            }
            i = (i + 1) & mask;
        }
        if (size == limit) {
            return false;
        }
        used[i] = true;
        slots[i] = v;
        size++;
        return true;
    }

    boolean contains(long v) {
        int i = home(v);
        while (used[i]) {
            if (slots[i] == v) {
                return true;
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    long[] values() {
        long[] out = new long[size];
        for (int i = 0, j = 0; i < slots.length; i++) {
            if (used[i]) {
                out[j++] = slots[i];
            }
        }
        return out;
    }
}
