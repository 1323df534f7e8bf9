package io.shoaldb.exec.operator.join;

import io.shoaldb.exec.expr.BatchScratch;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;

/**
 * Where a {@link JoinHashTable} keeps the chain of an integer key (INT32/INT64 physical types: INT, BIGINT, DATE,
 * short DECIMALs - nearly every join key). A row's key columns are packed into one long: each column's offset from
 * the build side's smallest value, times the product of the ranges of the columns before it. The packed key then
 * either is the slot itself, when an array over the whole packed range takes no more memory than a hash table would
 * (dense keys such as TPC-H's order keys, a quarter of their range: building and probing in key order walk that array
 * in order), or is looked up in an open-addressing table sized from the build's row count before the first insert, so
 * it never grows or rehashes. A probe row whose key lies outside a column's build range cannot match and is not
 * looked up. Built once, then only read: probers share it without locks.
 */
final class IntegerKeySlots {
    /** Packed ranges up to 2^62, so that a packed key + 1 (the stored form; 0 marks an empty slot) stays positive. */
    private static final long MAX_PACKED_RANGE = 1L << 62;
    /** Direct arrays of at most this many slots (1 GB of chain heads is not worth saving a hash table). */
    private static final long MAX_DIRECT_SLOTS = 1L << 28;
    /** Builds up to this many rows: twice as many slots still fit an int. */
    private static final int MAX_ROWS = 1 << 29;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    /** The arrays {@link #find} works in, of a prober's {@link BatchScratch}: the slots found, then two long arrays. */
    static final int FOUND_SLOT = 0;
    static final int PACKED_SLOT = 0;
    static final int VALUES_SLOT = 1;

    private final long[] mins;
    private final long[] spans;
    private final long[] multipliers;
    /** Null when the packed key is the slot; else the table's packed keys + 1 per slot, 0 for an empty slot. */
    private final long[] stored;
    private final int slotCount;
    private final int shift;

    private IntegerKeySlots(long[] mins, long[] spans, long[] multipliers, long packedRange, int rows) {
        this.mins = mins;
        this.spans = spans;
        this.multipliers = multipliers;
        int hashed = hashedSlots(rows);
        // 4 bytes of chain head per slot either way, plus 8 of stored key per hashed slot
        if (packedRange <= MAX_DIRECT_SLOTS && 4 * packedRange <= 12L * hashed) {
            stored = null;
            slotCount = (int) packedRange;
            shift = 0;
        } else {
            stored = new long[hashed];
            slotCount = hashed;
            shift = 64 - Integer.numberOfTrailingZeros(hashed);
        }
    }

    /** A power of two at least twice the rows (at most half full), at least 16. */
    private static int hashedSlots(int rows) {
        return Math.max(16, Integer.highestOneBit(Math.max(1, rows) * 2 - 1) << 1);
    }

    /**
     * Slots for the keys of {@code rows[0 .. count)} of {@code keys} (flat INT32/INT64 columns, no NULL at those rows),
     * or null when a column is of another type, the packed range exceeds a long or the rows an int's slots.
     */
    static IntegerKeySlots forBuild(Batch keys, int[] rows, int count) {
        if (count > MAX_ROWS) {
            return null;
        }
        int width = keys.columnCount();
        long[] mins = new long[width];
        long[] spans = new long[width];
        long[] multipliers = new long[width];
        long range = 1;
        for (int k = 0; k < width; k++) {
            if (!(keys.column(k) instanceof IntVector) && !(keys.column(k) instanceof LongVector)) {
                return null;
            }
            long[] values = values((FlatVector) keys.column(k), rows, count, new long[count]);
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
            if (count == 0) {
                min = max = 0;
            }
            long span = max - min + 1;
            if (span <= 0 || span > MAX_PACKED_RANGE / range) { // overflowed, or the product would
                return null;
            }
            mins[k] = min;
            spans[k] = span;
            multipliers[k] = range;
            range *= span;
        }
        return new IntegerKeySlots(mins, spans, multipliers, range, count);
    }

    int slotCount() {
        return slotCount;
    }

    long retainedBytes() {
        return stored == null ? 0 : 8L * stored.length;
    }

    /** The slot of each of {@code rows[0 .. count)} (build keys, all within the ranges), inserting new keys. */
    int[] insert(Batch keys, int[] rows, int count) {
        long[] packed = packed(keys, rows, count, new long[count], new long[count]);
        int[] slots = new int[count];
        if (stored == null) {
            for (int i = 0; i < count; i++) {
                slots[i] = (int) packed[i];
            }
            return slots;
        }
        int mask = slotCount - 1;
        for (int i = 0; i < count; i++) {
            long key = packed[i] + 1;
            int s = home(key);
            while (stored[s] != key && stored[s] != 0) {
                s = (s + 1) & mask;
            }
            stored[s] = key;
            slots[i] = s;
        }
        return slots;
    }

    /**
     * The slot of each of {@code rows[0 .. count)} (probe keys), -1 where no build row can have that key: in the
     * {@link #FOUND_SLOT} array of the prober's {@code scratch}, valid until its next call.
     */
    int[] find(Batch keys, int[] rows, int count, BatchScratch scratch) {
        long[] packed = packed(keys, rows, count, scratch.longs(PACKED_SLOT, count), scratch.longs(VALUES_SLOT, count));
        int[] slots = scratch.ints(FOUND_SLOT, count);
        if (stored == null) {
            for (int i = 0; i < count; i++) {
                slots[i] = (int) packed[i]; // -1 when out of range
            }
            return slots;
        }
        int mask = slotCount - 1;
        for (int i = 0; i < count; i++) {
            if (packed[i] < 0) {
                slots[i] = -1;
                continue;
            }
            long key = packed[i] + 1;
            int s = home(key);
            long at;
            while ((at = stored[s]) != key && at != 0) {
                s = (s + 1) & mask;
            }
            slots[i] = at == 0 ? -1 : s;
        }
        return slots;
    }

    private int home(long key) {
        return (int) ((key * GOLDEN) >>> shift);
    }

    /**
     * The packed keys of the rows, into {@code packed}; -1 for a row with a column outside its build range.
     * {@code values} is where each column's values are read.
     */
    private long[] packed(Batch keys, int[] rows, int count, long[] packed, long[] values) {
        java.util.Arrays.fill(packed, 0, count, 0L);
        for (int k = 0; k < mins.length; k++) {
            FlatVector column = (FlatVector) keys.column(k);
            long min = mins[k];
            long span = spans[k];
            long multiplier = multipliers[k];
            values(column, rows, count, values);
            for (int i = 0; i < count; i++) {
                long offset = values[i] - min; // as unsigned, below span exactly when min <= value <= max
                if (packed[i] >= 0) {
                    packed[i] = Long.compareUnsigned(offset, span) < 0 ? packed[i] + offset * multiplier : -1;
                }
            }
        }
        return packed;
    }

    /** The values of an INT32 or INT64 column at the given rows, as longs, into {@code out}. */
    private static long[] values(FlatVector column, int[] rows, int count, long[] out) {
        if (column instanceof LongVector l) {
            long[] a = l.values();
            for (int i = 0; i < count; i++) {
                out[i] = a[rows[i]];
            }
        } else {
            int[] a = ((IntVector) column).values();
            for (int i = 0; i < count; i++) {
                out[i] = a[rows[i]];
            }
        }
        return out;
    }
}
