package io.shoaldb.exec.operator.join;

import java.util.function.LongConsumer;

/**
 * Whether a 32/64-bit key may be one of a join build's keys, built once when the build publishes its runtime filter
 * and then read by every scan driver (immutable). Three forms, chosen by the keys: a bitmap with one bit per value of
 * the keys' range when that range is small enough (exact; TPC-H's dense keys: 6 million order keys at SF1 are 750 KB),
 * else a hash set of the keys when there are few enough (exact), else a blocked Bloom filter - one 64-bit word per
 * key, three bits in it, about 16 bits per key - which lets about one non-key in a hundred through (the join drops
 * those). Without it a build of more than {@link RuntimeFilterSlot#MAX_VALUES} distinct keys filtered only by its
 * range, which for keys spread over their whole domain (the orders of one year, the suppliers of one region) drops
 * nothing.
 */
abstract sealed class KeyMembership {
    /** Ranges up to this many values are a bitmap (1 MB). */
    static final long MAX_BITMAP_RANGE = 1L << 23;
    /** Distinct keys up to which a range too wide for a bitmap gets an exact hash set. */
    static final int MAX_SET_KEYS = 1 << 16;
    /** Bloom filter words at most (32 MB), for the largest builds. */
    private static final int MAX_BLOOM_WORDS = 1 << 22;

    /** The keys, walked once more for each call (the build's key columns, NULLs left out). */
    interface Keys {
        void forEach(LongConsumer action);
    }

    abstract boolean mayContain(long key);

    /**
     * The membership test for keys in {@code [min, max]}; {@code count} keys (with repeats) are given by {@code keys},
     * of which {@code distinct} are distinct when known (at most {@code MAX_SET_KEYS}), else -1.
     */
    static KeyMembership of(long min, long max, long count, int distinct, Keys keys) {
        long range = max - min; // may overflow for keys spread over all 64 bits: then it is negative
        if (range >= 0 && range < MAX_BITMAP_RANGE) {
            return new Bitmap(min, range, keys);
        }
        if (distinct >= 0) {
            LongKeySet set = new LongKeySet(distinct);
            keys.forEach(set::add);
            return new HashSet(set);
        }
        LongKeySet set = new LongKeySet(MAX_SET_KEYS);
        boolean[] fits = {true};
        keys.forEach(k -> fits[0] &= set.add(k));
        if (fits[0]) {
            return new HashSet(set);
        }
        return new Bloom(count, keys);
    }

    static final class Bitmap extends KeyMembership {
        private final long min;
        private final long range;
        private final long[] bits;

        Bitmap(long min, long range, Keys keys) {
            this.min = min;
            this.range = range;
            this.bits = new long[(int) (range >>> 6) + 1];
            keys.forEach(k -> bits[(int) ((k - min) >>> 6)] |= 1L << (k - min));
        }

        @Override
        boolean mayContain(long key) {
            long o = key - min;
            return o >= 0 && o <= range && (bits[(int) (o >>> 6)] & 1L << o) != 0;
        }

        /**
         * Of {@code rows} (ascending positions into {@code values}, none NULL), writes those whose key is set to
         * {@code out} and returns how many. Loops of their own, so the test is not a call per row through the three
         * forms. When {@code rows} are all positions {@code 0..count-1} (a scan's first filter) the values are read
         * in order, without the indirection. The bit is added to the count rather than branched on, as a probe
         * keeps an unpredictable share of rows - unless {@code predictable} (the last batch kept almost none or
         * almost all: Q3's one month of dates keeps a twelfth), where a branch rarely mispredicts and costs less.
         */
        int filter(long[] values, int[] rows, int count, int[] out, boolean predictable) {
            if (count == 0 || rows[count - 1] != count - 1) {
                int n = 0;
                for (int k = 0; k < count; k++) {
                    int r = rows[k];
                    out[n] = r;
                    n += bit(values[r]);
                }
                return n;
            }
            int n = 0;
            if (predictable) {
                for (int r = 0; r < count; r++) {
                    if (bit(values[r]) != 0) {
                        out[n++] = r;
                    }
                }
            } else {
                for (int r = 0; r < count; r++) {
                    out[n] = r;
                    n += bit(values[r]);
                }
            }
            return n;
        }

        /** {@link #filter(long[], int[], int, int[], boolean)} over 32-bit keys. */
        int filter(int[] values, int[] rows, int count, int[] out, boolean predictable) {
            if (count == 0 || rows[count - 1] != count - 1) {
                int n = 0;
                for (int k = 0; k < count; k++) {
                    int r = rows[k];
                    out[n] = r;
                    n += bit(values[r]);
                }
                return n;
            }
            int n = 0;
            if (predictable) {
                for (int r = 0; r < count; r++) {
                    if (bit(values[r]) != 0) {
                        out[n++] = r;
                    }
                }
            } else {
                for (int r = 0; r < count; r++) {
                    out[n] = r;
                    n += bit(values[r]);
                }
            }
            return n;
        }

        /** 1 when {@code key} is set, else 0, without a branch. */
        private int bit(long key) {
            long o = key - min;
            return Long.compareUnsigned(o, range) <= 0 ? (int) (bits[(int) (o >>> 6)] >>> o) & 1 : 0;
        }
    }

    static final class HashSet extends KeyMembership {
        private final LongKeySet keys;

        HashSet(LongKeySet keys) {
            this.keys = keys;
        }

        @Override
        boolean mayContain(long key) {
            return keys.contains(key);
        }
    }

    static final class Bloom extends KeyMembership {
        private final long[] words;
        private final int mask;

        Bloom(long count, Keys keys) {
            // a power of two of at least a quarter word per key: ~16 bits per key
            int n = 64;
            while (n < count / 4 && n < MAX_BLOOM_WORDS) {
                n <<= 1;
            }
            this.words = new long[n];
            this.mask = words.length - 1;
            keys.forEach(k -> {
                long h = hash(k);
                words[(int) (h >>> 40) & mask] |= bits(h);
            });
        }

        private static long hash(long key) {
            long h = key * 0x9E3779B97F4A7C15L;
            return h ^ h >>> 29;
        }

        /** Three bits of the word, from three 6-bit fields of the hash. */
        private static long bits(long h) {
            return 1L << h | 1L << (h >>> 6) | 1L << (h >>> 12);
        }

        @Override
        boolean mayContain(long key) {
            long h = hash(key);
            long b = bits(h);
            return (words[(int) (h >>> 40) & mask] & b) == b;
        }
    }
}
