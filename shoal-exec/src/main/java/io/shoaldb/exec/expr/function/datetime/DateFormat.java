package io.shoaldb.exec.expr.function.datetime;

/**
 * A MySQL/Doris date format ({@code %Y-%m-%d %H:%i:%s}), compiled once per call site: formats a date-time
 * for DATE_FORMAT and parses text for STR_TO_DATE. Doris's Java-style shorthands {@code yyyyMMdd},
 * {@code yyyy-MM-dd} and {@code yyyy-MM-dd HH:mm:ss} are accepted too.
 */
final class DateFormat {
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"};
    private static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
        "Saturday"};

    private final String format;

    DateFormat(String format) {
        this.format = switch (format) {
            case "yyyyMMdd" -> "%Y%m%d";
            case "yyyy-MM-dd" -> "%Y-%m-%d";
            case "yyyy-MM-dd HH:mm:ss" -> "%Y-%m-%d %H:%i:%s";
            default -> format;
        };
    }

    /** Whether the format reads or writes a time of day (STR_TO_DATE of a date-only format is midnight). */
    boolean hasTime() {
        for (int i = 0; i + 1 < format.length(); i++) {
            if (format.charAt(i) == '%' && "HhIiklSsTrfp".indexOf(format.charAt(i + 1)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Appends {@code days} (since 1970-01-01) and {@code micros} (of the day) formatted. */
    void format(long days, long micros, StringBuilder out) {
        int c = CivilDates.civil(days);
        int year = CivilDates.year(c);
        int month = CivilDates.month(c);
        int day = CivilDates.day(c);
        int hour = (int) (micros / 3_600_000_000L);
        int minute = (int) (micros / 60_000_000L % 60);
        int second = (int) (micros / 1_000_000L % 60);
        for (int i = 0; i < format.length(); i++) {
            char ch = format.charAt(i);
            if (ch != '%' || i + 1 == format.length()) {
                out.append(ch);
                continue;
            }
            char spec = format.charAt(++i);
            switch (spec) {
                case 'Y' -> pad(out, year, 4);
                case 'y' -> pad(out, year % 100, 2);
                case 'm' -> pad(out, month, 2);
                case 'c' -> out.append(month);
                case 'M' -> out.append(MONTHS[month - 1]);
                case 'b' -> out.append(MONTHS[month - 1], 0, 3);
                case 'd' -> pad(out, day, 2);
                case 'e' -> out.append(day);
                case 'D' -> out.append(day).append(suffix(day));
                case 'j' -> pad(out, (int) (days - CivilDates.daysFromCivil(year, 1, 1)) + 1, 3);
                case 'W' -> out.append(DAYS[CivilDates.dayOfWeek(days) - 1]);
                case 'a' -> out.append(DAYS[CivilDates.dayOfWeek(days) - 1], 0, 3);
                case 'w' -> out.append(CivilDates.dayOfWeek(days) - 1);
                case 'H' -> pad(out, hour, 2);
                case 'k' -> out.append(hour);
                case 'h', 'I' -> pad(out, hour12(hour), 2);
                case 'l' -> out.append(hour12(hour));
                case 'i' -> pad(out, minute, 2);
                case 's', 'S' -> pad(out, second, 2);
                case 'f' -> pad(out, (int) (micros % 1_000_000L), 6);
                case 'p' -> out.append(hour < 12 ? "AM" : "PM");
                case 'T' -> {
                    pad(out, hour, 2);
                    out.append(':');
                    pad(out, minute, 2);
                    out.append(':');
                    pad(out, second, 2);
                }
                case 'r' -> {
                    pad(out, hour12(hour), 2);
                    out.append(':');
                    pad(out, minute, 2);
                    out.append(':');
                    pad(out, second, 2);
                    out.append(hour < 12 ? " AM" : " PM");
                }
                default -> out.append(spec);
            }
        }
    }

    /**
     * Parses {@code text} as microseconds since the epoch, or {@code Long.MIN_VALUE} when it does not match or
     * is not a valid date (as Doris, which gives NULL). Text after the last specifier is ignored (as MySQL).
     */
    long parse(String text) {
        int year = 0;
        int month = 1;
        int day = 1;
        int hour = 0;
        int minute = 0;
        int second = 0;
        int micros = 0;
        boolean pm = false;
        boolean twelve = false;
        int[] pos = {0};
        for (int i = 0; i < format.length(); i++) {
            char ch = format.charAt(i);
            if (ch != '%' || i + 1 == format.length()) {
                if (pos[0] >= text.length() || text.charAt(pos[0]) != ch) {
                    return Long.MIN_VALUE;
                }
                pos[0]++;
                continue;
            }
            char spec = format.charAt(++i);
            int v;
            switch (spec) {
                case 'Y' -> v = year = number(text, pos, 4);
                case 'y' -> {
                    v = number(text, pos, 2);
                    year = v < 70 ? 2000 + v : 1900 + v;
                }
                case 'm', 'c' -> v = month = number(text, pos, 2);
                case 'd', 'e' -> v = day = number(text, pos, 2);
                case 'H', 'k' -> v = hour = number(text, pos, 2);
                case 'h', 'I', 'l' -> {
                    v = hour = number(text, pos, 2);
                    twelve = true;
                }
                case 'i' -> v = minute = number(text, pos, 2);
                case 's', 'S' -> v = second = number(text, pos, 2);
                case 'f' -> {
                    int start = pos[0];
                    v = number(text, pos, 6);
                    for (int digits = pos[0] - start; digits < 6 && v >= 0; digits++) {
                        v *= 10;
                    }
                    micros = v;
                }
                case 'p' -> {
                    if (text.regionMatches(true, pos[0], "PM", 0, 2)) {
                        pm = true;
                    } else if (!text.regionMatches(true, pos[0], "AM", 0, 2)) {
                        return Long.MIN_VALUE;
                    }
                    pos[0] += 2;
                    v = 0;
                }
                case 'M', 'b' -> {
                    v = month = monthName(text, pos, spec == 'b');
                }
                case 'T' -> {
                    v = Math.min(Math.min(hour = number(text, pos, 2), literal(text, pos, ':')),
                            Math.min(minute = number(text, pos, 2), literal(text, pos, ':')));
                    v = Math.min(v, second = number(text, pos, 2));
                }
                case '%' -> v = literal(text, pos, '%');
                default -> {
                    return Long.MIN_VALUE;
                }
            }
            if (v < 0) {
                return Long.MIN_VALUE;
            }
        }
        if (twelve) {
            if (hour < 1 || hour > 12) {
                return Long.MIN_VALUE;
            }
            hour = hour % 12 + (pm ? 12 : 0);
        }
        if (month < 1 || month > 12 || day < 1 || day > CivilDates.daysInMonth(year, month) || hour > 23
                || minute > 59 || second > 59 || year > 9999) {
            return Long.MIN_VALUE;
        }
        long days = CivilDates.daysFromCivil(year, month, day);
        return days * CivilDates.MICROS_PER_DAY + ((hour * 60L + minute) * 60 + second) * CivilDates.MICROS_PER_SECOND
                + micros;
    }

    private static int number(String text, int[] pos, int maxDigits) {
        int start = pos[0];
        int v = 0;
        while (pos[0] < text.length() && pos[0] - start < maxDigits && Character.isDigit(text.charAt(pos[0]))) {
            v = v * 10 + text.charAt(pos[0]++) - '0';
        }
        return pos[0] == start ? -1 : v;
    }

    private static int literal(String text, int[] pos, char c) {
        if (pos[0] < text.length() && text.charAt(pos[0]) == c) {
            pos[0]++;
            return 0;
        }
        return -1;
    }

    private static int monthName(String text, int[] pos, boolean abbreviated) {
        for (int m = 0; m < 12; m++) {
            String name = abbreviated ? MONTHS[m].substring(0, 3) : MONTHS[m];
            if (text.regionMatches(true, pos[0], name, 0, name.length())) {
                pos[0] += name.length();
                return m + 1;
            }
        }
        return -1;
    }

    private static int hour12(int hour) {
        return hour % 12 == 0 ? 12 : hour % 12;
    }

    private static String suffix(int day) {
        if (day / 10 == 1) {
            return "th";
        }
        return switch (day % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
    }

    private static void pad(StringBuilder out, int value, int width) {
        String s = Integer.toString(value);
        for (int i = s.length(); i < width; i++) {
            out.append('0');
        }
        out.append(s);
    }
}
