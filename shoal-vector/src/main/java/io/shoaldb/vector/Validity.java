package io.shoaldb.vector;

import java.util.Arrays;

/**
 * Static helpers for validity bitmaps: {@code long[]} words where bit {@code i % 64} of word
 * {@code i / 64} is set when row {@code i} is not null. A null bitmap reference means "no nulls",
 * the fast path every operator should test first.
 */
public final class Validity {
    private Validity() {
    }

    public static int wordsFor(int bits) {
        return (bits + 63) >>> 6;
    }

    public static boolean isValid(long[] words, int position) {
        return words == null || (words[position >>> 6] & (1L << position)) != 0;
    }

    /** A bitmap with the first {@code validBits} rows valid and room for {@code capacityBits}. */
    public static long[] allValid(int validBits, int capacityBits) {
        long[] words = new long[wordsFor(Math.max(validBits, capacityBits))];
        int full = validBits >>> 6;
        Arrays.fill(words, 0, full, -1L);
        if ((validBits & 63) != 0) {
            words[full] = (1L << validBits) - 1;
        }
        return words;
    }

    public static void setValid(long[] words, int position) {
        words[position >>> 6] |= 1L << position;
    }

    public static void setNull(long[] words, int position) {
        words[position >>> 6] &= ~(1L << position);
    }

    public static int nullCount(long[] words, int size) {
        if (words == null) {
            return 0;
        }
        int valid = 0;
        int full = size >>> 6;
        for (int i = 0; i < full; i++) {
            valid += Long.bitCount(words[i]);
        }
        if ((size & 63) != 0) {
            valid += Long.bitCount(words[full] & ((1L << size) - 1));
        }
        return size - valid;
    }

    public static long retainedBytes(long[] words) {
        return words == null ? 0 : 16L + 8L * words.length;
    }
}
