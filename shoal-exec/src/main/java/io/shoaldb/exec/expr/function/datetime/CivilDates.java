package io.shoaldb.exec.expr.function.datetime;

/**
 * Proleptic Gregorian calendar arithmetic on our representations (DATE = days since 1970-01-01, DATETIME =
 * microseconds since 1970-01-01 00:00:00), without allocating {@code java.time} objects per row. Uses the
 * well-known era-based day/civil conversion (400-year cycles).
 */
final class CivilDates {
    static final long MICROS_PER_SECOND = 1_000_000L;
    static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;
    /** Doris's range of dates: 0000-01-01 .. 9999-12-31, as days since 1970-01-01. */
    static final int MIN_DAY = (int) daysFromCivil(0, 1, 1);
    static final int MAX_DAY = (int) daysFromCivil(9999, 12, 31);

    private CivilDates() {
    }

    static long daysFromCivil(long y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    /** The date as {@code year << 9 | month << 5 | day}. */
    static int civil(long days) {
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        int d = (int) (doy - (153 * mp + 2) / 5 + 1);
        int m = (int) (mp < 10 ? mp + 3 : mp - 9);
        long y = yoe + era * 400 + (m <= 2 ? 1 : 0);
        return (int) (y << 9 | m << 5 | d);
    }

    static int year(int civil) {
        return civil >> 9;
    }

    static int month(int civil) {
        return (civil >> 5) & 15;
    }

    static int day(int civil) {
        return civil & 31;
    }

    static boolean isLeap(long y) {
        return (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
    }

    static int daysInMonth(long y, int m) {
        return switch (m) {
            case 2 -> isLeap(y) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** 1 = Sunday .. 7 = Saturday (MySQL's and Doris's DAYOFWEEK). */
    static int dayOfWeek(long days) {
        return (int) Math.floorMod(days + 4, 7) + 1;
    }

    /** {@code days} plus {@code months}, the day clamped to the end of a shorter month (Doris); out of range is MIN_VALUE. */
    static long addMonths(long days, long months) {
        int c = civil(days);
        long total = year(c) * 12L + month(c) - 1 + months;
        long y = Math.floorDiv(total, 12);
        int m = (int) Math.floorMod(total, 12) + 1;
        if (y < 0 || y > 9999) {
            return Long.MIN_VALUE;
        }
        return daysFromCivil(y, m, Math.min(day(c), daysInMonth(y, m)));
    }

    static boolean inRange(long days) {
        return days >= MIN_DAY && days <= MAX_DAY;
    }
}
