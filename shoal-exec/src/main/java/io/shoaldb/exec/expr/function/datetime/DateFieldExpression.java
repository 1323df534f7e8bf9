package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.type.DataType;

/** YEAR, QUARTER, MONTH, DAY, DAYOFWEEK, DAYOFYEAR, WEEK (mode 0), HOUR, MINUTE, SECOND of a DATE or DATETIME, as INT. */
final class DateFieldExpression implements VectorExpression {
    enum Field { YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, DAYOFYEAR, HOUR, MINUTE, SECOND }

    private final Field field;
    private final VectorExpression operand;

    DateFieldExpression(Field field, VectorExpression operand) {
        this.field = field;
        this.operand = operand;
    }

    @Override
    public DataType type() {
        return DataType.INT;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector v = Flat.of(operand.evaluate(batch));
        int[] out = new int[n];
        if (v instanceof IntVector days) {
            int[] d = days.values();
            for (int i = 0; i < n; i++) {
                out[i] = ofDay(d[i], 0);
            }
        } else {
            long[] t = ((LongVector) v).values();
            for (int i = 0; i < n; i++) {
                out[i] = ofDay(Math.floorDiv(t[i], CivilDates.MICROS_PER_DAY), Math.floorMod(t[i], CivilDates.MICROS_PER_DAY));
            }
        }
        long[] validity = v.validity();
        return new IntVector(DataType.INT, n, out, validity == null ? null : validity.clone());
    }

    private int ofDay(long days, long micros) {
        return switch (field) {
            case YEAR -> CivilDates.year(CivilDates.civil(days));
            case QUARTER -> (CivilDates.month(CivilDates.civil(days)) + 2) / 3;
            case MONTH -> CivilDates.month(CivilDates.civil(days));
            case DAY -> CivilDates.day(CivilDates.civil(days));
            case DAYOFWEEK -> CivilDates.dayOfWeek(days);
            case DAYOFYEAR -> (int) (days - CivilDates.daysFromCivil(CivilDates.year(CivilDates.civil(days)), 1, 1)) + 1;
            case WEEK -> week(days);
            case HOUR -> (int) (micros / (3600 * CivilDates.MICROS_PER_SECOND));
            case MINUTE -> (int) (micros / (60 * CivilDates.MICROS_PER_SECOND) % 60);
            case SECOND -> (int) (micros / CivilDates.MICROS_PER_SECOND % 60);
        };
    }

    /** MySQL's and Doris's WEEK(d) in the default mode 0: weeks start on Sunday, days before the first Sunday are week 0. */
    private static int week(long days) {
        long jan1 = CivilDates.daysFromCivil(CivilDates.year(CivilDates.civil(days)), 1, 1);
        int toFirstSunday = (8 - CivilDates.dayOfWeek(jan1)) % 7;
        long dayIndex = days - jan1;
        return dayIndex < toFirstSunday ? 0 : (int) ((dayIndex - toFirstSunday) / 7) + 1;
    }
}
