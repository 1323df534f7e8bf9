package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.Locale;

/**
 * DATE_TRUNC(d, 'unit'): the start of the year, quarter, month, week (Monday), day, hour, minute or second
 * that contains d, in d's type. The unit must be a constant.
 */
final class DateTruncExpression implements VectorExpression {
    private enum Unit { YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND }

    private final VectorExpression date;
    private final Unit unit;
    private final DataType type;

    DateTruncExpression(VectorExpression date, String unit, DataType type) {
        this.date = date;
        try {
            this.unit = Unit.valueOf(unit.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ErrorCode.INVALID_VALUE.exception("date_trunc unit '" + unit + "'");
        }
        this.type = type;
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector d = Flat.of(date.evaluate(batch));
        long[] validity = d.validity() == null ? null : d.validity().clone();
        if (type.id() == TypeId.DATE) {
            int[] days = ((IntVector) d).values();
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = (int) truncateDay(days[i]);
            }
            return new IntVector(type, n, out, validity);
        }
        long[] t = ((LongVector) d).values();
        long[] out = new long[n];
        long step = switch (unit) {
            case HOUR -> 3600 * CivilDates.MICROS_PER_SECOND;
            case MINUTE -> 60 * CivilDates.MICROS_PER_SECOND;
            case SECOND -> CivilDates.MICROS_PER_SECOND;
            default -> CivilDates.MICROS_PER_DAY;
        };
        for (int i = 0; i < n; i++) {
            long floored = Math.floorDiv(t[i], step) * step;
            out[i] = step == CivilDates.MICROS_PER_DAY
                    ? truncateDay(Math.floorDiv(t[i], CivilDates.MICROS_PER_DAY)) * CivilDates.MICROS_PER_DAY : floored;
        }
        return new LongVector(type, n, out, validity);
    }

    private long truncateDay(long days) {
        int c = CivilDates.civil(days);
        return switch (unit) {
            case YEAR -> CivilDates.daysFromCivil(CivilDates.year(c), 1, 1);
            case QUARTER -> CivilDates.daysFromCivil(CivilDates.year(c), (CivilDates.month(c) - 1) / 3 * 3 + 1, 1);
            case MONTH -> CivilDates.daysFromCivil(CivilDates.year(c), CivilDates.month(c), 1);
            case WEEK -> days - (CivilDates.dayOfWeek(days) + 5) % 7;
            default -> days;
        };
    }
}
