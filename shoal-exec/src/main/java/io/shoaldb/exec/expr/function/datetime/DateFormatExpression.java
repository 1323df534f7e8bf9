package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;

/** DATE_FORMAT(d, constant format): NULL for a NULL date or format. */
final class DateFormatExpression implements VectorExpression {
    private final VectorExpression date;
    private final DateFormat format;

    /** {@code format} null: the format is NULL, and so is every result. */
    DateFormatExpression(VectorExpression date, DateFormat format) {
        this.date = date;
        this.format = format;
    }

    @Override
    public DataType type() {
        return DataType.STRING;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector d = Flat.of(date.evaluate(batch));
        long[] t = Temporals.micros(d, n);
        BytesVectorBuilder out = (BytesVectorBuilder) VectorBuilder.create(DataType.STRING, n);
        StringBuilder text = new StringBuilder(32);
        for (int i = 0; i < n; i++) {
            if (format == null || d.isNull(i)) {
                out.appendNull();
                continue;
            }
            text.setLength(0);
            format.format(Math.floorDiv(t[i], CivilDates.MICROS_PER_DAY), Math.floorMod(t[i], CivilDates.MICROS_PER_DAY),
                    text);
            out.appendString(text.toString());
        }
        return out.build();
    }
}
