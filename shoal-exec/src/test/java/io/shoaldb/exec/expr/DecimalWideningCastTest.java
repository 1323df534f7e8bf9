package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.sql.planner.physical.expr.ValueCasts;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
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
            List<BigDecimal> values = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                int digits = 1 + random.nextInt(c[0]);
                BigInteger unscaled = new BigInteger(digits * 10 / 3 + 1, random).mod(BigInteger.TEN.pow(digits));
                values.add(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), c[1]));
            }
            BigInteger largest = BigInteger.TEN.pow(c[0]).subtract(BigInteger.ONE);
            values.add(new BigDecimal(largest, c[1]));
            values.add(new BigDecimal(largest.negate(), c[1]));
            values.add(null);
            values.add(BigDecimal.ZERO.setScale(c[1]));
            VectorBuilder b = VectorBuilder.create(from, values.size());
            values.forEach(b::appendObject);
            Batch batch = new Batch(values.size(), new ColumnVector[] {b.build()});
            ColumnVector out = new CastExpression(new ColumnExpression(0, from), to).evaluate(batch);
            assertThat(out).isInstanceOf(Int128Vector.class);
            assertThat(out.type()).isEqualTo(to);
            for (int i = 0; i < values.size(); i++) {
                Object expected = values.get(i) == null ? null : ValueCasts.cast(values.get(i), to);
                assertThat(out.getObject(i)).as("%s as %s", values.get(i), to).isEqualTo(expected);
            }
        }
    }
}
