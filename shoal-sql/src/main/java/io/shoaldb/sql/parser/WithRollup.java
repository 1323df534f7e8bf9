package io.shoaldb.sql.parser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * MySQL's {@code GROUP BY a, b WITH ROLLUP} as the standard {@code GROUP BY ROLLUP(a, b)}, which Calcite's grammar
 * parses: a rewrite of the normalised text (strings are {@code '...'} literals, comments are blanked), done on words
 * outside strings and quoted names, pairing each {@code WITH ROLLUP} with the {@code GROUP BY} opened at the same
 * parenthesis depth. The offset map is carried along, so errors still point into the original text.
 */
final class WithRollup {
    private static final Set<String> LIST_ENDS = Set.of("HAVING", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT",
            "MINUS", "SELECT", "WINDOW", "QUALIFY");

    private WithRollup() {
    }

    /** One replacement of {@code [from, to)} of the text by {@code with}. */
    private record Edit(int from, int to, String with) {
    }

    static NormalizedSql rewrite(NormalizedSql sql) {
        String text = sql.text();
        if (!text.toUpperCase(Locale.ROOT).contains("ROLLUP")) {
            return sql;
        }
        List<Edit> edits = new ArrayList<>();
        Map<Integer, Integer> groupByEnd = new HashMap<>();
        int depth = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'' || c == '`' || c == '"') {
                i = skipQuoted(text, i, c);
            } else if (c == '(') {
                depth++;
                i++;
            } else if (c == ')') {
                groupByEnd.remove(depth);
                depth--;
                i++;
            } else if (isWordChar(c)) {
                int end = wordEnd(text, i);
                String word = text.substring(i, end);
                int nextStart = skipSpace(text, end);
                int nextEnd = wordEnd(text, nextStart);
                String next = text.substring(nextStart, nextEnd);
                if (word.equalsIgnoreCase("GROUP") && next.equalsIgnoreCase("BY")) {
                    groupByEnd.put(depth, nextEnd);
                    i = nextEnd;
                } else if (word.equalsIgnoreCase("WITH") && next.equalsIgnoreCase("ROLLUP")
                        && groupByEnd.containsKey(depth)) {
                    int listStart = groupByEnd.remove(depth);
                    edits.add(new Edit(listStart, listStart, " ROLLUP("));
                    edits.add(new Edit(i, nextEnd, ")"));
                    i = nextEnd;
                } else {
                    if (LIST_ENDS.contains(word.toUpperCase(Locale.ROOT))) {
                        // The GROUP BY list is over: a WITH ROLLUP after this is not MySQL's (left to the parser).
                        groupByEnd.remove(depth);
                    }
                    i = end;
                }
            } else {
                i++;
            }
        }
        return edits.isEmpty() ? sql : apply(sql, edits);
    }

    private static NormalizedSql apply(NormalizedSql sql, List<Edit> edits) {
        edits.sort(Comparator.comparingInt(Edit::from));
        String text = sql.text();
        StringBuilder out = new StringBuilder(text.length() + 8 * edits.size());
        int[] origin = new int[text.length() + 8 * edits.size() + 1];
        int at = 0;
        for (Edit e : edits) {
            for (; at < e.from(); at++) {
                origin[out.length()] = sql.origin()[at];
                out.append(text.charAt(at));
            }
            for (char c : e.with().toCharArray()) {
                origin[out.length()] = sql.origin()[e.from()];
                out.append(c);
            }
            at = e.to();
        }
        for (; at <= text.length(); at++) {
            origin[out.length()] = sql.origin()[at];
            if (at < text.length()) {
                out.append(text.charAt(at));
            }
        }
        return new NormalizedSql(sql.original(), out.toString(), Arrays.copyOf(origin, out.length() + 1));
    }

    private static int skipQuoted(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return i;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int wordEnd(String text, int start) {
        int i = start;
        while (i < text.length() && isWordChar(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int skipSpace(String text, int start) {
        int i = start;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
