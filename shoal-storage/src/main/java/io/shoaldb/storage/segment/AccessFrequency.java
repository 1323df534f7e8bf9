package io.shoaldb.storage.segment;

/**
 * How often keys were asked for lately, approximately and in fixed memory (TinyLFU's frequency sketch): 4096
 * saturating 4-bit counts, each key counted at two places and estimated by the smaller (a collision only ever
 * over-estimates). All counts are halved once the number of recorded requests reaches ten times the entries
 * cached (at least 1024), so a key that was popular long ago does not keep its place forever.
 *
 * <p>Not thread-safe: its owner (a {@link SegmentCache} shard) holds the lock.
 */
final class AccessFrequency {
    private static final int SLOTS = 4096;
    private static final int MAX = 15;

    private final byte[] counts = new byte[SLOTS];
    private int recorded;

    /** Counts one request for the key of this hash; {@code entries} is how many the cache holds now. */
    void record(int hash, int entries) {
        int a = first(hash);
        int b = second(hash);
        if (counts[a] < MAX) {
            counts[a]++;
        }
        if (counts[b] < MAX) {
            counts[b]++;
        }
        if (++recorded >= Math.max(1024, 10L * entries)) {
            halve();
        }
    }

    /** Requests for the key of this hash since the last halvings (an upper bound, at most 15). */
    int estimate(int hash) {
        return Math.min(counts[first(hash)], counts[second(hash)]);
    }

    private void halve() {
        for (int i = 0; i < SLOTS; i++) {
            counts[i] >>= 1;
        }
        recorded = 0;
    }

    private static int first(int hash) {
        return mix(hash * 0x9E3779B9) & (SLOTS - 1);
    }

    private static int second(int hash) {
        return mix(hash * 0x85EBCA6B + 0x68E31DA4) & (SLOTS - 1);
    }

    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        h ^= h >>> 15;
        return h;
    }
}
