package io.shoaldb.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * SUM of DECIMAL(15,2) into 128 bits, over runs longer than a long can hold, read densely and through a selection;
 * grouped into a few groups (per-run partial sums); and of 128-bit inputs whose values all fit a long (summed as
 * longs) or not (added in 128 bits), globally and grouped - every grouped sum both in row order and from the rows
 * ordered by group ({@link GroupedRows}), which must agree.
 */
class Int128SumAccumulatorTest {
    private static final DataType INPUT = DataType.decimal(15, 2);
    private static final DataType OUTPUT = DataType.decimal(38, 2);
    /** Near the largest DECIMAL(15,2): ~9,223 of them overflow a long, so the sum folds runs into 128 bits. */
    private static final long NEAR_MAX = 999_999_999_999_999L;
    private static final int ROWS = 50_000;
    private static final DataType WIDE = DataType.decimal(30, 2);

    private final long[] values = new Random(7).longs(ROWS, NEAR_MAX - 1000, NEAR_MAX).toArray();
    private final LongVector vector = new LongVector(INPUT, ROWS, values, null);

    @Test
    void aBatchWithoutSelectionSumsEveryRow() {
        assertThat(sum(Flat.positions(ROWS), ROWS)).isEqualTo(expected(IntStream.range(0, ROWS).toArray()));
    }

    @Test
    void aSelectionSumsOnlyItsRows() {
        int[] even = IntStream.range(0, ROWS).filter(r -> r % 2 == 0).toArray();
        assertThat(sum(even, even.length)).isEqualTo(expected(even));
    }

    @Test
    void aFreshIdentityArrayGivesTheSameSumAsTheSharedPositions() {
        assertThat(sum(Flat.identity(ROWS), ROWS)).isEqualTo(sum(Flat.positions(ROWS), ROWS));
    }

    @Test
    void fewGroupsSumEachGroupAcrossRunsThatOverflowALong() {
        int[] groups = new Random(3).ints(ROWS, 0, 5).toArray();
        int[] odd = IntStream.range(0, ROWS).filter(r -> r % 2 == 1).toArray();
        assertThat(groupedSums(vector, Flat.positions(ROWS), ROWS, groups)).containsExactly(expected(values, null,
                IntStream.range(0, ROWS).toArray(), groups));
        int[] oddGroups = IntStream.of(odd).map(r -> groups[r]).toArray();
        assertThat(groupedSums(vector, odd, odd.length, oddGroups)).containsExactly(expected(values, null, odd,
                oddGroups));
    }

    @Test
    void wideInputsThatFitALongSumAsLongsAndOthersIn128Bits() {
        Random random = new Random(11);
        long[] lows = random.longs(ROWS, -NEAR_MAX * 100, NEAR_MAX * 100).toArray();
        long[] highs = new long[ROWS];
        for (int r = 0; r < ROWS; r++) {
            highs[r] = lows[r] >> 63;
        }
        int[] groups = random.ints(ROWS, 0, 3).toArray();
        int[] all = IntStream.range(0, ROWS).toArray();
        Int128Vector narrow = new Int128Vector(WIDE, ROWS, highs, lows, null);
        assertThat(groupedSums(narrow, Flat.positions(ROWS), ROWS, groups))
                .containsExactly(expected(lows, highs, all, groups));
        assertThat(groupedSums(narrow, Flat.positions(ROWS), ROWS, null))
                .containsExactly(expected(lows, highs, all, new int[ROWS]));

        long[] nearMax = random.longs(ROWS, Long.MAX_VALUE - 1000, Long.MAX_VALUE).toArray();
        long[] zeroHighs = new long[ROWS];
        Int128Vector big = new Int128Vector(WIDE, ROWS, zeroHighs, nearMax, null);
        assertThat(groupedSums(big, Flat.positions(ROWS), ROWS, groups))
                .containsExactly(expected(nearMax, zeroHighs, all, groups));

        long[] oneWide = lows.clone();
        long[] oneWideHighs = highs.clone();
        oneWideHighs[ROWS / 2] = 5;
        Int128Vector mixed = new Int128Vector(WIDE, ROWS, oneWideHighs, oneWide, null);
        assertThat(groupedSums(mixed, Flat.positions(ROWS), ROWS, groups))
                .containsExactly(expected(oneWide, oneWideHighs, all, groups));
    }

    private static Object[] groupedSums(io.shoaldb.vector.FlatVector input, int[] rows, int count, int[] groupIds) {
        Object[] inRowOrder = groupedSums(input, rows, count, groupIds, false);
        if (groupIds != null) {
            assertThat(groupedSums(input, rows, count, groupIds, true)).as("in group order").containsExactly(inRowOrder);
        }
        return inRowOrder;
    }

    private static Object[] groupedSums(io.shoaldb.vector.FlatVector input, int[] rows, int count, int[] groupIds,
                                        boolean inGroupOrder) {
        int groups = groupIds == null ? 1 : IntStream.of(groupIds).max().orElse(0) + 1;
        Int128SumAccumulator acc = new Int128SumAccumulator(OUTPUT, input.type());
        acc.ensureGroups(groups);
        GroupedRows byGroup = new GroupedRows();
        for (int from = 0; from < count; from += 4096) { // batches as operators send them
            int n = Math.min(4096, count - from);
            int[] batchRows = java.util.Arrays.copyOfRange(rows, from, from + n);
            int[] batchGroups = groupIds == null ? null : java.util.Arrays.copyOfRange(groupIds, from, from + n);
            if (inGroupOrder) {
                byGroup.order(batchRows, n, batchGroups, groups);
                acc.add(input, batchRows, n, batchGroups, byGroup);
            } else {
                acc.add(input, batchRows, n, batchGroups);
            }
        }
        return IntStream.range(0, groups).mapToObj(acc::value).toArray();
    }

    /** Per group, the exact sum of the rows' 128-bit values (highs null: the lows are 64-bit values). */
    private static Object[] expected(long[] lows, long[] highs, int[] rows, int[] groupIds) {
        int groups = IntStream.of(groupIds).max().orElse(0) + 1;
        BigInteger[] totals = new BigInteger[groups];
        java.util.Arrays.fill(totals, BigInteger.ZERO);
        for (int i = 0; i < rows.length; i++) {
            int r = rows[i];
            BigInteger v = highs == null ? BigInteger.valueOf(lows[r])
                    : BigInteger.valueOf(highs[r]).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lows[r])));
            totals[groupIds[i]] = totals[groupIds[i]].add(v);
        }
        return java.util.Arrays.stream(totals).map(t -> new BigDecimal(t, 2)).toArray();
    }

    private Object sum(int[] rows, int count) {
        Int128SumAccumulator acc = new Int128SumAccumulator(OUTPUT, INPUT);
        acc.ensureGroups(1);
        acc.add(vector, rows, count, null);
        return acc.value(0);
    }

    private BigDecimal expected(int[] rows) {
        BigInteger total = BigInteger.ZERO;
        for (int r : rows) {
            total = total.add(BigInteger.valueOf(values[r]));
        }
        return new BigDecimal(total, 2);
    }
}
