package io.shoaldb.exec.aggregate;

import java.util.Arrays;

/**
 * The slot table of a {@link GroupByHash} whose keys are one or two integers (INT32/INT64 physical types:
 * INT, BIGINT, DATE, short DECIMALs - the common join and group-by keys). Each slot holds the key values
 * themselves beside the group id, so a probe reads one place in two arrays and compares plain longs, where
 * the generic table follows the group id to a stored hash and to every key column. Keys are widened to
 * long; a NULL key is stored as 0 with its bit set in the slot's null mask, an array that exists only once
 * a key with a NULL has been inserted (without it, no slot holds a NULL). Open addressing with linear
 * probing, at most half full.
 */
final class LongKeyTable {
    private final int width;
    /** {@code width} values per slot, slot-major so that a 2-key slot is one 16-byte pair. */
    private long[] keys;
    private int[] ids;
    private byte[] nullMasks;
    private int mask;
    private int groups;

    LongKeyTable(int width) {
        if (width < 1 || width > 2) {
            throw new IllegalArgumentException("long-key table of " + width + " keys");
        }
        this.width = width;
        allocate(1024);
    }

    private void allocate(int capacity) {
        keys = new long[capacity * width];
        ids = new int[capacity];
        Arrays.fill(ids, -1);
        nullMasks = null;
        mask = capacity - 1;
    }

    int groupCount() {
        return groups;
    }

    /**
     * Group ids of {@code count} rows given their key values ({@code k1} unused with one key) and NULL masks
     * (bit k = key k is NULL; null array = no NULLs). With {@code insert}, absent keys become new groups,
     * numbered in order of first appearance, and {@code created} receives the row indexes that created them
     * (returns how many); without it, absent keys get -1.
     */
    int ids(long[] k0, long[] k1, byte[] nulls, int count, boolean insert, int[] out, int[] created) {
        long[] hashes = new long[count];
        if (width == 1) {
            for (int i = 0; i < count; i++) {
                hashes[i] = hash(k0[i], nulls == null ? 0 : nulls[i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                hashes[i] = hash(k0[i] * 0xC2B2AE3D27D4EB4FL + k1[i], nulls == null ? 0 : nulls[i]);
            }
        }
        int made = 0;
        for (int i = 0; i < count; i++) {
            byte m = nulls == null ? 0 : nulls[i];
            long a = k0[i];
            long b = width == 2 ? k1[i] : 0;
            int slot = (int) hashes[i] & mask;
            int found;
            while (true) {
                int g = ids[slot];
                if (g < 0) {
                    found = -1;
                    break;
                }
                if (keys[slot * width] == a && (width == 1 || keys[slot * 2 + 1] == b)
                        && (nullMasks == null ? m == 0 : nullMasks[slot] == m)) {
                    found = g;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            if (found < 0 && insert) {
                found = insertAt(slot, a, b, m);
                created[made++] = i;
                if (groups * 2 > ids.length) {
                    rehash();
                }
            }
            out[i] = found;
        }
        return made;
    }

    private int insertAt(int slot, long a, long b, byte m) {
        int g = groups++;
        ids[slot] = g;
        keys[slot * width] = a;
        if (width == 2) {
            keys[slot * 2 + 1] = b;
        }
        if (m != 0) {
            if (nullMasks == null) {
                nullMasks = new byte[ids.length];
            }
            nullMasks[slot] = m;
        }
        return g;
    }

    private void rehash() {
        long[] oldKeys = keys;
        int[] oldIds = ids;
        byte[] oldNulls = nullMasks;
        allocate(oldIds.length * 2);
        if (oldNulls != null) {
            nullMasks = new byte[ids.length];
        }
        for (int s = 0; s < oldIds.length; s++) {
            if (oldIds[s] < 0) {
                continue;
            }
            long a = oldKeys[s * width];
            long b = width == 2 ? oldKeys[s * 2 + 1] : 0;
            byte m = oldNulls == null ? 0 : oldNulls[s];
            long h = width == 1 ? hash(a, m) : hash(a * 0xC2B2AE3D27D4EB4FL + b, m);
            int slot = (int) h & mask;
            while (ids[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            ids[slot] = oldIds[s];
            keys[slot * width] = a;
            if (width == 2) {
                keys[slot * 2 + 1] = b;
            }
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
        long h = (key ^ ((long) nullMask << 59)) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        return h ^ (h >>> 29);
    }

    long retainedBytes() {
        return 8L * keys.length + 4L * ids.length + (nullMasks == null ? 0 : nullMasks.length);
    }
}
