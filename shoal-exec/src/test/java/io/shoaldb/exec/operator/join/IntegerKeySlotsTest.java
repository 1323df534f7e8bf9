package io.shoaldb.exec.operator.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.expr.BatchScratch;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntegerKeySlotsTest {
    private static Batch longs(long... values) {
        return new Batch(values.length, new LongVector(DataType.BIGINT, values.length, values, null));
    }

    private static Batch pairs(int[] first, long[] second) {
        return new Batch(first.length, new IntVector(DataType.INT, first.length, first, null),
                new LongVector(DataType.BIGINT, second.length, second, null));
    }

    private static IntegerKeySlots build(Batch keys) {
        return IntegerKeySlots.forBuild(keys, Flat.identity(keys.positionCount()), keys.positionCount());
    }

    /** One prober's working arrays for all lookups of a test: what one leaves there must not reach the next. */
    private final BatchScratch scratch = JoinHashTable.probeScratch();

    private int[] find(IntegerKeySlots slots, Batch keys) {
        int n = keys.positionCount();
        return Arrays.copyOf(slots.find(keys, Flat.identity(n), n, scratch), n);
    }

    @Test
    void denseKeysIndexTheSlotsDirectlyAndEqualKeysShareASlot() {
        long[] keys = new long[1000];
        Arrays.setAll(keys, i -> 5_000L + 4 * (i / 2)); // each key twice, a quarter of the range used
        IntegerKeySlots slots = build(longs(keys));
        assertThat(slots.retainedBytes()).as("no stored keys: the packed key is the slot").isZero();
        int[] inserted = slots.insert(longs(keys), Flat.identity(keys.length), keys.length);
        assertThat(inserted[0]).isEqualTo(inserted[1]).isNotEqualTo(inserted[2]);
        assertThat(find(slots, longs(keys))).containsExactly(inserted);
        assertThat(find(slots, longs(4_999L, 5_001L, 7_000L, Long.MIN_VALUE, Long.MAX_VALUE)))
                .containsExactly(-1, 1, -1, -1, -1); // 5_001 is within the range: its slot holds no chain
    }

    @Test
    void sparseKeysAreHashedAndOnlyInsertedKeysAreFound() {
        SplittableRandom random = new SplittableRandom(7);
        long[] keys = random.longs(50_000, -1L << 40, 1L << 40).toArray();
        IntegerKeySlots slots = build(longs(keys));
        assertThat(slots.retainedBytes()).as("stored keys").isPositive();
        int[] inserted = slots.insert(longs(keys), Flat.identity(keys.length), keys.length);
        assertThat(Arrays.stream(inserted).distinct().count()).isEqualTo(Arrays.stream(keys).distinct().count());
        assertThat(find(slots, longs(keys))).containsExactly(inserted);
        long[] others = random.longs(50_000, -1L << 40, 1L << 40).filter(k -> Arrays.stream(keys).noneMatch(x -> x == k))
                .limit(1000).toArray();
        assertThat(find(slots, longs(others))).containsOnly(-1);
    }

    @Test
    void twoColumnsPackIntoOneKeyWithoutCollisions() {
        int[] first = {1, 1, 2, 2, 3};
        long[] second = {10, 20, 10, 20, 10};
        IntegerKeySlots slots = build(pairs(first, second));
        int[] inserted = slots.insert(pairs(first, second), Flat.identity(5), 5);
        assertThat(Arrays.stream(inserted).distinct().count()).isEqualTo(5);
        int[] found = find(slots, pairs(new int[] {2, 3, 3, 0, 1}, new long[] {10, 20, 15, 10, 21}));
        assertThat(found[0]).isEqualTo(inserted[2]);
        assertThat(Arrays.stream(inserted).boxed()).as("absent pairs within the ranges: slots without a chain")
                .doesNotContain(found[1], found[2]);
        assertThat(found[3]).as("first column below its range").isEqualTo(-1);
        assertThat(found[4]).as("second column above its range").isEqualTo(-1);
    }

    @Test
    void keysThatCannotBePackedAreLeftToTheGeneralTable() {
        assertThat(build(longs(Long.MIN_VALUE, Long.MAX_VALUE))).as("range overflows a long").isNull();
        assertThat(build(pairs(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, new long[] {-1L << 40, 1L << 40})))
                .as("product of ranges beyond 2^62").isNull();
        BytesVector text = new BytesVector(DataType.STRING, 2, new byte[] {'a', 'b'}, new int[] {0, 1, 2}, null);
        assertThat(IntegerKeySlots.forBuild(new Batch(2, text), Flat.identity(2), 2)).isNull();
    }
}
