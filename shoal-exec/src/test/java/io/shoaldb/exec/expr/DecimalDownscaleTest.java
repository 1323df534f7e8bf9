package io.shoaldb.exec.expr;

import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CAST of a 128-bit DECIMAL to a smaller scale answers as the per-value cast ({@code ValueCasts}, BigDecimal HALF_UP,
 * NULL past the target's precision): random values of every length and sign, values ending in exactly half a unit,
 * NULLs, and targets too narrow for some values.
 */
class DecimalDownscaleTest {
    @Test
    void answersAsTheValueCast() {
        Random random = new Random(7);
        int[][] casts = {{38, 6, 38, 2}, {38, 6, 38, 0}, {38, 20, 38, 1}, {38, 37, 38, 2}, {38, 10, 25, 9},
            {30, 4, 20, 2}, {38, 2, 19, 1}, {38, 30, 38, 0}};
        for (int[] c : casts) {
            DataType from = DataType.decimal(c[0], c[1]);
            DataType to = DataType.decimal(c[2], c[3]);
            List<BigDecimal> values = DecimalCastCheck.randomValues(random, c[0], c[1], 2000);
            BigDecimal half = BigDecimal.ONE.movePointLeft(c[3]).divide(BigDecimal.TWO); // exactly half a unit
            values.add(half);
            values.add(half.negate());
            values.add(BigDecimal.valueOf(3).movePointLeft(c[3]).add(half).setScale(c[1]));
            values.add(null);
            values.add(BigDecimal.ZERO.setScale(c[1]));
            DecimalCastCheck.castsAsTheValueCast(values, from, to);
        }
    }
}
