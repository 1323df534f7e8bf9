package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.ValueCasts;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
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
            List<BigDecimal> values = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                int digits = 1 + random.nextInt(c[0]);
                BigInteger unscaled = new BigInteger(digits * 10 / 3 + 1, random).mod(BigInteger.TEN.pow(digits));
                values.add(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), c[1]));
            }
            BigDecimal half = BigDecimal.ONE.movePointLeft(c[3]).divide(BigDecimal.TWO); // exactly half a unit
            values.add(half);
            values.add(half.negate());
            values.add(BigDecimal.valueOf(3).movePointLeft(c[3]).add(half).setScale(c[1]));
            values.add(null);
            values.add(BigDecimal.ZERO.setScale(c[1]));
            VectorBuilder b = VectorBuilder.create(from, values.size());
            values.forEach(b::appendObject);
            Batch batch = new Batch(values.size(), new ColumnVector[] {b.build()});
            ColumnVector out = new CastExpression(new ColumnExpression(0, from), to).evaluate(batch);
            for (int i = 0; i < values.size(); i++) {
                Object expected = values.get(i) == null ? null : ValueCasts.cast(values.get(i), to);
                assertThat(out.getObject(i)).as("%s as %s", values.get(i), to).isEqualTo(expected);
            }
        }
    }
}
