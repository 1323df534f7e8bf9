package io.shoaldb.exec.operator.join;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyMembershipTest {
    private static KeyMembership of(long... keys) {
        long min = Arrays.stream(keys).min().orElseThrow();
        long max = Arrays.stream(keys).max().orElseThrow();
        long distinct = Arrays.stream(keys).distinct().count();
        return KeyMembership.of(min, max, keys.length, distinct <= RuntimeFilterSlot.MAX_VALUES ? (int) distinct : -1,
                action -> Arrays.stream(keys).forEach(action));
    }

    @Test
    void keysOverASmallRangeAreABitmapAndExact() {
        long[] keys = new long[200_000];
        Arrays.setAll(keys, i -> 7L * i + 1_000_000L); // spread like one year's order keys
        KeyMembership m = of(keys);
        assertThat(m).isInstanceOf(KeyMembership.Bitmap.class);
        for (long k = 999_990L; k < 1_000_100L; k++) {
            assertThat(m.mayContain(k)).as("key %d", k).isEqualTo(k >= 1_000_000L && (k - 1_000_000L) % 7 == 0);
        }
        assertThat(m.mayContain(Long.MIN_VALUE)).isFalse();
        assertThat(m.mayContain(Long.MAX_VALUE)).isFalse();
    }

    @Test
    void aBitmapFiltersAllRowsOrSelectedOnesAlikeWhicheverLoopItUses() {
        SplittableRandom random = new SplittableRandom(7);
        long[] keys = random.longs(3000, 100, 20_100).toArray();
        KeyMembership.Bitmap m = (KeyMembership.Bitmap) of(keys);
        long[] longs = random.longs(4096, 0, 20_200).toArray(); // some below and above the keys' range
        int[] ints = Arrays.stream(longs).mapToInt(x -> (int) x).toArray();
        int[] all = new int[longs.length];
        Arrays.setAll(all, i -> i);
        int[] selected = java.util.stream.IntStream.range(0, longs.length).filter(i -> i % 3 != 1).toArray();
        for (int[] rows : new int[][] {all, selected, {}}) {
            int[] expected = Arrays.stream(rows).filter(r -> m.mayContain(longs[r])).toArray();
            for (boolean predictable : new boolean[] {false, true}) {
                int[] out = new int[rows.length];
                int n = m.filter(longs, rows, rows.length, out, predictable);
                assertThat(Arrays.copyOf(out, n)).as("64-bit, %d rows, predictable %s", rows.length, predictable)
                        .containsExactly(expected);
                n = m.filter(ints, rows, rows.length, out, predictable);
                assertThat(Arrays.copyOf(out, n)).as("32-bit, %d rows, predictable %s", rows.length, predictable)
                        .containsExactly(expected);
            }
        }
    }

    @Test
    void fewKeysOverAWideRangeAreAnExactSet() {
        long[] keys = new long[5000];
        Arrays.setAll(keys, i -> (long) i << 32);
        KeyMembership m = of(keys);
        assertThat(m).isInstanceOf(KeyMembership.HashSet.class);
        assertThat(Arrays.stream(keys).allMatch(m::mayContain)).isTrue();
        assertThat(m.mayContain(1L << 31)).isFalse();
        assertThat(m.mayContain(-1L)).isFalse();
        // the extremes of 64 bits, where the range overflows
        KeyMembership extremes = of(Long.MIN_VALUE, Long.MAX_VALUE, 0L);
        assertThat(extremes.mayContain(Long.MIN_VALUE)).isTrue();
        assertThat(extremes.mayContain(Long.MAX_VALUE)).isTrue();
        assertThat(extremes.mayContain(1L)).isFalse();
    }

    @Test
    void manyKeysOverAWideRangeAreABloomFilterWithoutFalseNegativesAndFewFalsePositives() {
        SplittableRandom random = new SplittableRandom(42);
        long[] keys = random.longs(200_000).toArray();
        KeyMembership m = of(keys);
        assertThat(m).isInstanceOf(KeyMembership.Bloom.class);
        assertThat(Arrays.stream(keys).allMatch(m::mayContain)).isTrue();
        long others = random.longs(100_000).filter(m::mayContain).count();
        assertThat(others).isLessThan(3_000); // about 1% pass
    }
}
