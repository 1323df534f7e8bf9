package io.shoaldb.exec.aggregate;

import io.shoaldb.exec.expr.BatchScratch;
import java.util.Arrays;

/**
 * The slot table of a {@link GroupByHash} whose keys are up to {@link #MAX_KEYS} integers (INT32/INT64
 * physical types: INT, BIGINT, DATE, short DECIMALs - the common join and group-by keys). Each slot holds
 * the key values themselves beside the group id, in one array, so a probe reads one place (usually one
 * cache line) and compares plain longs, where the generic table follows the group id to a stored hash and
 * to every key column. A row whose keys equal the previous row's takes its id without a probe: sorted
 * input (tablets are sorted by their key, e.g. lineitem by orderkey) comes in runs.
 * Keys are widened to long; a NULL key is stored as 0 with its bit set in the slot's null mask, an array
 * that exists only once a key with a NULL has been inserted (without it, no slot holds a NULL). Open
 * addressing with linear probing, at most half full.
 */
final class LongKeyTable {
    static final int MAX_KEYS = 4;
    /** The long arrays of a caller's {@link BatchScratch} that {@link #ids} works in; the caller's own follow. */
    static final int HASH_SLOT = 0;
    static final int COMBINED_SLOT = 1;
    static final int LONG_SLOTS = 2;
    private final int width;
    /** Per slot {@code width + 1} longs: the key values, then the group id + 1 (0: empty slot). */
    private final int stride;
    private long[] slots;
    private byte[] nullMasks;
    private int capacity;
    private int groups;
    /** Slot arrays up to this many longs (1 MB) are taken to be in the caches already. */
    private static final int CACHED_LONGS = 1 << 17;
    /** What {@link #touchHomeSlots} read, kept so that the compiler cannot drop the reads. */
    @SuppressWarnings("unused")
    private long touched;
    /** Rows looked up in the slots, for {@link GroupByHash#probes}. */
    private long probes;

    LongKeyTable(int width) {
        if (width < 1 || width > MAX_KEYS) {
            throw new IllegalArgumentException("long-key table of " + width + " keys");
        }
        this.width = width;
        this.stride = width + 1;
        allocate(1024);
    }

    private void allocate(int slotCount) {
        capacity = slotCount;
        slots = new long[slotCount * stride];
        nullMasks = null;
    }

    int groupCount() {
        return groups;
    }

    /** Drops every group but keeps the slot array (and NULL masks), emptied: filled again at the size it reached. */
    void clear() {
        Arrays.fill(slots, 0L);
        if (nullMasks != null) {
            Arrays.fill(nullMasks, (byte) 0);
        }
        groups = 0;
        probes = 0;
    }

    /**
     * Group ids of {@code count} rows given their key values ({@code values[k][i]}: key k of row i) and NULL
     * masks (bit k = key k is NULL; null array = no NULLs). With {@code insert}, absent keys become new
     * groups, numbered in order of first appearance, and {@code created} receives the row indexes that
     * created them (returns how many); without it, absent keys get -1. The row hashes are worked out in the
     * long arrays {@link #HASH_SLOT} and {@link #COMBINED_SLOT} of {@code scratch}.
     */
    int ids(long[][] values, byte[] nulls, int count, boolean insert, int[] out, int[] created, BatchScratch scratch) {
        long[] combined = values[0];
        if (width > 1) {
            combined = scratch.longs(COMBINED_SLOT, count);
            System.arraycopy(values[0], 0, combined, 0, count);
            for (int k = 1; k < width; k++) {
                long[] v = values[k];
                for (int i = 0; i < count; i++) {
                    combined[i] = combined[i] * 0xC2B2AE3D27D4EB4FL + v[i];
                }
            }
        }
        long[] hashes = scratch.longs(HASH_SLOT, count);
        for (int i = 0; i < count; i++) {
            hashes[i] = hash(combined[i], nulls == null ? 0 : nulls[i]);
        }
        if (slots.length > CACHED_LONGS) {
            touchHomeSlots(hashes, count);
        }
        int made = 0;
        long[] v0 = values[0];
        byte previousMask = 0;
        for (int i = 0; i < count; i++) {
            byte m = nulls == null ? 0 : nulls[i];
            if (i > 0 && v0[i] == v0[i - 1] && m == previousMask && (width == 1 || sameAsPrevious(values, i))) {
                out[i] = out[i - 1];
                continue;
            }
            previousMask = m;
            probes++;
            int mask = capacity - 1;
            int slot = (int) hashes[i] & mask;
            int found;
            while (true) {
                int base = slot * stride;
                long id = slots[base + width];
                if (id == 0) {
                    found = -1;
                    break;
                }
                if (slots[base] == v0[i] && (width == 1 || restEqual(base, values, i))
                        && (nullMasks == null ? m == 0 : nullMasks[slot] == m)) {
                    found = (int) id - 1;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            if (found < 0 && insert) {
                found = groups++;
                int base = slot * stride;
                for (int k = 0; k < width; k++) {
                    slots[base + k] = values[k][i];
                }
                slots[base + width] = found + 1L;
                if (m != 0) {
                    if (nullMasks == null) {
                        nullMasks = new byte[capacity];
                    }
                    nullMasks[slot] = m;
                }
                created[made++] = i;
                if (groups * 2 > capacity) {
                    rehash();
                }
            }
            out[i] = found;
        }
        return made;
    }

    /**
     * Reads the home slot of every row before any is probed. In a table bigger than the caches each probe starts with
     * a cache miss; these reads do not depend on each other, so the processor overlaps their misses, where the probe
     * loop (which branches on what it reads) waits for them one at a time. Rehashes during the batch only cost the
     * touches their use.
     */
    private void touchHomeSlots(long[] hashes, int count) {
        long[] s = slots;
        int mask = capacity - 1;
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += s[((int) hashes[i] & mask) * stride + width];
        }
        touched = sum;
    }

    private static boolean sameAsPrevious(long[][] values, int i) {
        for (int k = 1; k < values.length; k++) {
            if (values[k][i] != values[k][i - 1]) {
                return false;
            }
        }
        return true;
    }

    private boolean restEqual(int base, long[][] values, int i) {
        for (int k = 1; k < width; k++) {
            if (slots[base + k] != values[k][i]) {
                return false;
            }
        }
        return true;
    }

    private void rehash() {
        long[] old = slots;
        byte[] oldNulls = nullMasks;
        int oldCapacity = capacity;
        allocate(oldCapacity * 2);
        if (oldNulls != null) {
            nullMasks = new byte[capacity];
        }
        int mask = capacity - 1;
        for (int s = 0; s < oldCapacity; s++) {
            int from = s * stride;
            if (old[from + width] == 0) {
                continue;
            }
            long combined = old[from];
            for (int k = 1; k < width; k++) {
                combined = combined * 0xC2B2AE3D27D4EB4FL + old[from + k];
            }
            byte m = oldNulls == null ? 0 : oldNulls[s];
            int slot = (int) hash(combined, m) & mask;
            while (slots[slot * stride + width] != 0) {
                slot = (slot + 1) & mask;
            }
            System.arraycopy(old, from, slots, slot * stride, stride);
            if (nullMasks != null) {
                nullMasks[slot] = m;
            }
        }
    }

    /**
     * A multiply-xorshift of the combined key: cheap, and its low bits (the slot) depend on every input bit.
     * It differs from the exchange's routing hash on purpose: all keys one partitioned join table receives
     * share routing-hash bits, which would otherwise cluster them into a fraction of the slots.
     */
    private static long hash(long key, byte nullMask) {
        long h = (key ^ ((long) nullMask << 56)) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        return h ^ (h >>> 29);
    }

    long probes() {
        return probes;
    }

    long retainedBytes() {
        return 8L * slots.length + (nullMasks == null ? 0 : nullMasks.length);
    }
}
