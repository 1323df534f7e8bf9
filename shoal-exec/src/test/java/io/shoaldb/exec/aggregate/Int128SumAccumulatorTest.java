package io.shoaldb.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** SUM of DECIMAL(15,2) into 128 bits, over runs longer than a long can hold, read densely and through a selection. */
class Int128SumAccumulatorTest {
    private static final DataType INPUT = DataType.decimal(15, 2);
    private static final DataType OUTPUT = DataType.decimal(38, 2);
    /** Near the largest DECIMAL(15,2): ~9,223 of them overflow a long, so the sum folds runs into 128 bits. */
    private static final long NEAR_MAX = 999_999_999_999_999L;
    private static final int ROWS = 50_000;

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
