package io.shoaldb.catalog.auth;

import java.util.Comparator;
import java.util.Locale;

/**
 * The host part of an account: a literal host or IP, or a pattern where {@code %} matches any run of characters
 * and {@code _} one character, as in MySQL. Matching ignores case. When several accounts of a user match a
 * client, the most specific wins, as MySQL sorts them: literal hosts first, then patterns with more literal
 * characters, {@code '%'} last.
 */
public final class HostPattern {
    /** Orders hosts from most to least specific. */
    public static final Comparator<String> MOST_SPECIFIC_FIRST = Comparator
            .comparingInt(HostPattern::wildcardRank)
            .thenComparing(Comparator.comparingInt(HostPattern::literalCharacters).reversed())
            .thenComparing(Comparator.naturalOrder());

    private HostPattern() {
    }

    public static boolean matches(String pattern, String host) {
        if (host == null) {
            return false;
        }
        String p = pattern.toLowerCase(Locale.ROOT);
        String h = host.toLowerCase(Locale.ROOT);
        if (p.equals("localhost") && (h.equals("127.0.0.1") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1"))) {
            return true;
        }
        return like(p, 0, h, 0);
    }

    private static boolean like(String p, int pi, String h, int hi) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '%') {
                for (int k = hi; k <= h.length(); k++) {
                    if (like(p, pi + 1, h, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (hi >= h.length() || (c != '_' && c != h.charAt(hi))) {
                return false;
            }
            pi++;
            hi++;
        }
        return hi == h.length();
    }

    private static int wildcardRank(String pattern) {
        if (pattern.equals("%")) {
            return 2;
        }
        return pattern.indexOf('%') >= 0 || pattern.indexOf('_') >= 0 ? 1 : 0;
    }

    private static int literalCharacters(String pattern) {
        int n = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '%' && c != '_') {
                n++;
            }
        }
        return n;
    }
}
