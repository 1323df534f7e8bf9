package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.nio.charset.StandardCharsets;

/** STR_TO_DATE(text, constant format) as a DATETIME (a DATE when the format has no time of day); text that does not match or is no valid date gives NULL. */
final class StrToDateExpression implements VectorExpression {
    private final VectorExpression text;
    private final DateFormat format;
    private final DataType type;

    StrToDateExpression(VectorExpression text, DateFormat format, DataType type) {
        this.text = text;
        this.format = format;
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        BytesVector s = (BytesVector) Flat.of(text.evaluate(batch));
        long[] out = new long[n];
        long[] validity = Validity.allValid(n, n);
        byte[] data = s.data();
        for (int i = 0; i < n; i++) {
            long t = format == null || s.isNull(i) ? Long.MIN_VALUE
                    : format.parse(new String(data, s.offset(i), s.length(i), StandardCharsets.UTF_8));
            if (t == Long.MIN_VALUE) {
                Validity.setNull(validity, i);
            } else {
                out[i] = t;
            }
        }
        if (type.id() == TypeId.DATE) {
            int[] days = new int[n];
            for (int i = 0; i < n; i++) {
                days[i] = (int) Math.floorDiv(out[i], CivilDates.MICROS_PER_DAY);
            }
            return new IntVector(type, n, days, validity);
        }
        return new LongVector(type, n, out, validity);
    }
}
