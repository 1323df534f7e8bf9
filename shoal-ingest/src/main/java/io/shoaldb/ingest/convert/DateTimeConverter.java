package io.shoaldb.ingest.convert;

import io.shoaldb.vector.IntVectorBuilder;
import io.shoaldb.vector.LongVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * DATE (days since 1970-01-01) and DATETIME(p) (microseconds since epoch, wall clock). Accepted text, as
 * Doris accepts it:
 * <ul>
 *   <li>{@code 2024-01-02}, also {@code /} or {@code .} as separator and 1-digit month/day ({@code 2024-1-2});
 *       a 2-digit year maps 70..99 to 19xx and 00..69 to 20xx;</li>
 *   <li>compact {@code 20240102} and {@code 20240102030405[.ffffff]};</li>
 *   <li>an optional time after a space or {@code T}: {@code H:M[:S[.ffffff]]}.</li>
 * </ul>
 * Impossible dates ({@code 2023-02-29}, month 13, hour 24) are conversion failures. A DATE column ignores
 * a time part; DATETIME(p) rounds fractional digits beyond p half-up (Doris 2.1+ datetimev2 behaviour),
 * carrying into the seconds.
 */
final class DateTimeConverter extends ValueConverter {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private static final int[] DAYS_IN_MONTH = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    private final boolean isDate;
    private final int scale;

    DateTimeConverter(DataType type) {
        super(type);
        isDate = type.id() == TypeId.DATE;
        scale = isDate ? 0 : type.scale();
    }

    // parse state, reused to keep the hot path allocation-free
    private int year;
    private int month;
    private int day;
    private int hour;
    private int minute;
    private int second;
    private int micros;     // already rounded to `scale`, may be 1_000_000 after a carry
    private int pos;

    @Override
    public boolean parse(byte[] b, int off, int len, ValueSlot slot) {
        int end = Ascii.trimEnd(b, off, off + len);
        int start = Ascii.trimStart(b, off, end);
        hour = minute = second = micros = 0;
        if (!parseText(b, start, end) || !valid()) {
            return slot.fail(Failure.INVALID);
        }
        long days = daysFromCivil(year, month, day);
        if (isDate) {
            slot.setLong(days);
        } else {
            slot.setLong(days * MICROS_PER_DAY + ((hour * 60L + minute) * 60 + second) * 1_000_000L + micros);
        }
        return true;
    }

    private boolean parseText(byte[] b, int start, int end) {
        int digitRun = start;
        while (digitRun < end && Ascii.isDigit(b[digitRun])) {
            digitRun++;
        }
        int run = digitRun - start;
        pos = start;
        if (run == 8 || run == 14) {
            year = number(b, 4);
            month = number(b, 2);
            day = number(b, 2);
            if (run == 14) {
                hour = number(b, 2);
                minute = number(b, 2);
                second = number(b, 2);
                return fraction(b, end);
            }
            return pos == end || time(b, end);
        }
        if (run != 4 && run != 2) {
            return false;
        }
        year = number(b, run);
        if (run == 2) {
            year += year < 70 ? 2000 : 1900;
        }
        if (pos >= end) {
            return false;
        }
        byte sep = b[pos];
        if (sep != '-' && sep != '/' && sep != '.') {
            return false;
        }
        pos++;
        month = upTo2(b, end);
        if (month < 0 || pos >= end || b[pos] != sep) {
            return false;
        }
        pos++;
        day = upTo2(b, end);
        if (day < 0) {
            return false;
        }
        return pos == end || time(b, end);
    }

    /** {@code ( |T)H:M[:S[.f]]} up to {@code end}. */
    private boolean time(byte[] b, int end) {
        if (b[pos] != ' ' && b[pos] != 'T') {
            return false;
        }
        pos++;
        while (pos < end && b[pos] == ' ') {
            pos++;
        }
        hour = upTo2(b, end);
        if (hour < 0 || pos >= end || b[pos] != ':') {
            return false;
        }
        pos++;
        minute = upTo2(b, end);
        if (minute < 0) {
            return false;
        }
        if (pos < end && b[pos] == ':') {
            pos++;
            second = upTo2(b, end);
            if (second < 0) {
                return false;
            }
        }
        return fraction(b, end);
    }

    private boolean fraction(byte[] b, int end) {
        if (pos == end) {
            return true;
        }
        if (b[pos] != '.') {
            return false;
        }
        pos++;
        int value = 0;
        int n = 0;
        boolean roundUp = false;
        for (; pos < end && Ascii.isDigit(b[pos]); pos++) {
            if (n < scale) {
                value = value * 10 + (b[pos] - '0');
            } else if (n == scale) {
                roundUp = b[pos] >= '5';
            }
            n++;
        }
        if (pos != end) {
            return false;
        }
        for (int i = Math.min(n, scale); i < 6; i++) {
            value *= 10;
        }
        if (roundUp) {
            int unit = 1;
            for (int i = scale; i < 6; i++) {
                unit *= 10;
            }
            value += unit; // may reach 1_000_000: the carry flows into the epoch arithmetic
        }
        micros = value;
        return true;
    }

    private int number(byte[] b, int digits) {
        int v = 0;
        for (int i = 0; i < digits; i++) {
            v = v * 10 + (b[pos++] - '0');
        }
        return v;
    }

    private int upTo2(byte[] b, int end) {
        if (pos >= end || !Ascii.isDigit(b[pos])) {
            return -1;
        }
        int v = b[pos++] - '0';
        if (pos < end && Ascii.isDigit(b[pos])) {
            v = v * 10 + (b[pos++] - '0');
        }
        return v;
    }

    private boolean valid() {
        if (year < 0 || year > 9999 || month < 1 || month > 12 || day < 1) {
            return false;
        }
        int max = month == 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month];
        return day <= max && hour <= 23 && minute <= 59 && second <= 59;
    }

    private static boolean isLeap(int y) {
        return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (the era-based civil calendar algorithm). */
    static long daysFromCivil(int y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        int era = (y >= 0 ? y : y - 399) / 400;
        int yoe = y - era * 400;
        int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097L + doe - 719468;
    }

    @Override
    protected boolean parseValue(Object value, ValueSlot slot) {
        if (value instanceof LocalDate d) {
            return parseEpochDay(d.toEpochDay(), slot);
        }
        if (value instanceof LocalDateTime t) {
            if (isDate) {
                slot.setLong(t.toLocalDate().toEpochDay());
                return true;
            }
            // round the nanoseconds to the column's precision through the text path's rules
            return super.parseValue(value, slot);
        }
        return super.parseValue(value, slot);
    }

    @Override
    public boolean parseEpochDay(long days, ValueSlot slot) {
        slot.setLong(isDate ? days : days * MICROS_PER_DAY);
        return true;
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.ffffff]}, the form Doris prints and parses back. */
    static String format(LocalDateTime t) {
        String s = String.format("%04d-%02d-%02d %02d:%02d:%02d", t.getYear(), t.getMonthValue(),
                t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return s;
        }
        return s + "." + String.format("%09d", t.getNano());
    }

    /** {@link ValueConverter#appendColumn} for dates: this class's parse, typed appends, one loop compiled for it. */
    @Override
    public boolean appendColumn(TextRows rows, int field, boolean nullable, VectorBuilder out) {
        byte[] buf = rows.buffer();
        ValueSlot slot = columnSlot;
        IntVectorBuilder days = isDate ? (IntVectorBuilder) out : null;
        LongVectorBuilder micros = isDate ? null : (LongVectorBuilder) out;
        for (int r = 0, n = rows.count(); r < n; r++) {
            int len = rows.length(field, r);
            if (len < 0) {
                if (!nullable) {
                    return false;
                }
                out.appendNull();
            } else if (!parse(buf, rows.offset(field, r), len, slot)) {
                return false;
            } else if (isDate) {
                days.appendInt((int) slot.longValue);
            } else {
                micros.appendLong(slot.longValue);
            }
        }
        return true;
    }

    @Override
    public void append(ValueSlot slot, VectorBuilder out) {
        if (slot.isNull) {
            out.appendNull();
        } else if (isDate) {
            ((IntVectorBuilder) out).appendInt((int) slot.longValue);
        } else {
            ((LongVectorBuilder) out).appendLong(slot.longValue);
        }
    }

    /** The epoch micros of a LocalDateTime (UTC wall clock), for tests and callers. */
    static long micros(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000;
    }
}
