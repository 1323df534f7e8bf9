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

/** The DECIMAL cast tests' values and their check against the per-value cast ({@code ValueCasts}). */
final class DecimalCastCheck {
    private DecimalCastCheck() {
    }

    /** {@code count} values of {@code DECIMAL(precision, scale)}: every length of unscaled digits, either sign. */
    static List<BigDecimal> randomValues(Random random, int precision, int scale, int count) {
        List<BigDecimal> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int digits = 1 + random.nextInt(precision);
            BigInteger unscaled = new BigInteger(digits * 10 / 3 + 1, random).mod(BigInteger.TEN.pow(digits));
            values.add(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale));
        }
        return values;
    }

    /** Casts {@code values} (NULLs allowed) from {@code from} to {@code to} as a vector; asserts each answer. */
    static ColumnVector castsAsTheValueCast(List<BigDecimal> values, DataType from, DataType to) {
        VectorBuilder b = VectorBuilder.create(from, values.size());
        values.forEach(b::appendObject);
        Batch batch = new Batch(values.size(), new ColumnVector[] {b.build()});
        ColumnVector out = new CastExpression(new ColumnExpression(0, from), to).evaluate(batch);
        for (int i = 0; i < values.size(); i++) {
            Object expected = values.get(i) == null ? null : ValueCasts.cast(values.get(i), to);
            assertThat(out.getObject(i)).as("%s as %s", values.get(i), to).isEqualTo(expected);
        }
        return out;
    }
}
