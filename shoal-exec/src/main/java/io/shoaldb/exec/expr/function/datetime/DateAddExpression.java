package io.shoaldb.exec.expr.function.datetime;

import io.shoaldb.exec.expr.Flat;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;

/**
 * {@code <unit>s_add(d, n)} and {@code <unit>s_sub(d, n)} - also DATE_ADD, DATE_SUB and {@code d ± INTERVAL n
 * unit}: a DATE (days) or DATETIME (microseconds) plus n units. Months and years keep the day, clamped to the
 * end of a shorter month (2020-01-31 + 1 month = 2020-02-29); a result outside 0000-01-01 .. 9999-12-31 is NULL.
 */
final class DateAddExpression implements VectorExpression {
    private final VectorExpression date;
    private final VectorExpression amount;
    private final DataType type;
    private final long months;
    private final long micros;
    private final int sign;

    DateAddExpression(String unit, boolean subtract, VectorExpression date, VectorExpression amount, DataType type) {
        this.date = date;
        this.amount = amount;
        this.type = type;
        this.sign = subtract ? -1 : 1;
        this.months = switch (unit) {
            case "year" -> 12;
            case "month" -> 1;
            default -> 0;
        };
        this.micros = switch (unit) {
            case "week" -> 7 * CivilDates.MICROS_PER_DAY;
            case "day" -> CivilDates.MICROS_PER_DAY;
            case "hour" -> 3600 * CivilDates.MICROS_PER_SECOND;
            case "minute" -> 60 * CivilDates.MICROS_PER_SECOND;
            case "second" -> CivilDates.MICROS_PER_SECOND;
            default -> 0;
        };
    }

    @Override
    public DataType type() {
        return type;
    }

    @Override
    public ColumnVector evaluate(Batch batch) {
        int n = batch.positionCount();
        FlatVector d = Flat.of(date.evaluate(batch));
        LongVector a = (LongVector) Flat.of(amount.evaluate(batch));
        long[] k = a.values();
        long[] validity = Validity.allValid(n, n);
        boolean nulls = false;
        if (type.id() == TypeId.DATE) {
            int[] days = ((IntVector) d).values();
            int[] out = new int[n];
            long dayStep = micros / CivilDates.MICROS_PER_DAY;
            for (int i = 0; i < n; i++) {
                long r = months != 0 ? CivilDates.addMonths(days[i], sign * k[i] * months) : days[i] + sign * k[i] * dayStep;
                if (d.isNull(i) || a.isNull(i) || !CivilDates.inRange(r)) {
                    Validity.setNull(validity, i);
                    nulls = true;
                } else {
                    out[i] = (int) r;
                }
            }
            return new IntVector(type, n, out, nulls ? validity : null);
        }
        long[] t = ((LongVector) d).values();
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long r;
            if (months != 0) {
                long day = Math.floorDiv(t[i], CivilDates.MICROS_PER_DAY);
                long shifted = CivilDates.addMonths(day, sign * k[i] * months);
                r = shifted == Long.MIN_VALUE ? Long.MIN_VALUE
                        : shifted * CivilDates.MICROS_PER_DAY + Math.floorMod(t[i], CivilDates.MICROS_PER_DAY);
            } else {
                r = t[i] + sign * k[i] * micros;
            }
            if (d.isNull(i) || a.isNull(i) || r == Long.MIN_VALUE
                    || !CivilDates.inRange(Math.floorDiv(r, CivilDates.MICROS_PER_DAY))) {
                Validity.setNull(validity, i);
                nulls = true;
            } else {
                out[i] = r;
            }
        }
        return new LongVector(type, n, out, nulls ? validity : null);
    }
}
