package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CAST of a 128-bit DECIMAL to a 128-bit DECIMAL with as many integer digits and no smaller scale (same scale: the
 * values kept; larger: multiplied on the two words) answers as the per-value cast ({@code ValueCasts}): random values
 * of every length and sign up to the source's precision, the largest ones, zero and NULLs.
 */
class DecimalWideningCastTest {
    @Test
    void answersAsTheValueCast() {
        Random random = new Random(11);
        int[][] casts = {{30, 4, 32, 4}, {31, 4, 38, 4}, {25, 2, 38, 10}, {20, 0, 38, 18}, {38, 6, 38, 6},
            {19, 1, 37, 19}};
        for (int[] c : casts) {
            DataType from = DataType.decimal(c[0], c[1]);
            DataType to = DataType.decimal(c[2], c[3]);
            List<BigDecimal> values = DecimalCastCheck.randomValues(random, c[0], c[1], 2000);
            BigInteger largest = BigInteger.TEN.pow(c[0]).subtract(BigInteger.ONE);
            values.add(new BigDecimal(largest, c[1]));
            values.add(new BigDecimal(largest.negate(), c[1]));
            values.add(null);
            values.add(BigDecimal.ZERO.setScale(c[1]));
            ColumnVector out = DecimalCastCheck.castsAsTheValueCast(values, from, to);
            assertThat(out).isInstanceOf(Int128Vector.class);
            assertThat(out.type()).isEqualTo(to);
        }
    }
}
