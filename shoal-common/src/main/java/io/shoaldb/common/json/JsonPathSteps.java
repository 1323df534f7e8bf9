package io.shoaldb.common.json;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses the JSON paths Doris uses, in Stream Load's {@code jsonpaths} / {@code json_root} and in the JSON
 * functions alike: {@code $}, then steps {@code .key}, {@code ."key.with.dots"}, {@code ['key']} and
 * {@code [index]} (e.g. {@code $.a.b}, {@code $.a[2]}, {@code $."a.b"[0].c}). Each caller decides what an
 * invalid or an unsupported path means for it (an error for a load, NULL or an error for a function).
 */
public final class JsonPathSteps {
    /** What a path text is. */
    public sealed interface Parsed {
    }

    /** A path: its steps, each a String (object key) or an Integer (array index). */
    public record Steps(List<Object> steps) implements Parsed {
        public Steps {
            steps = List.copyOf(steps);
        }
    }

    /** Valid in Doris but not implemented here: wildcards and {@code [last]}. */
    public record Unsupported(String what) implements Parsed {
    }

    /** Not a path. */
    public record Invalid() implements Parsed {
    }

    private JsonPathSteps() {
    }

    public static Parsed parse(String text) {
        String t = text.strip();
        if (!t.startsWith("$")) {
            return new Invalid();
        }
        List<Object> steps = new ArrayList<>();
        int i = 1;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '.' && i + 1 < t.length() && t.charAt(i + 1) == '"') {
                int close = t.indexOf('"', i + 2);
                if (close < 0) {
                    return new Invalid();
                }
                steps.add(t.substring(i + 2, close));
                i = close + 1;
            } else if (c == '.') {
                int j = i + 1;
                while (j < t.length() && t.charAt(j) != '.' && t.charAt(j) != '[') {
                    j++;
                }
                String key = t.substring(i + 1, j);
                if (key.isEmpty()) {
                    return new Invalid();
                }
                if (key.equals("*")) {
                    return new Unsupported("JSON path wildcards");
                }
                steps.add(key);
                i = j;
            } else if (c == '[') {
                int close = t.indexOf(']', i);
                if (close < 0) {
                    return new Invalid();
                }
                String inner = t.substring(i + 1, close).strip();
                if (inner.length() >= 2 && (inner.charAt(0) == '\'' || inner.charAt(0) == '"')
                        && inner.charAt(inner.length() - 1) == inner.charAt(0)) {
                    steps.add(inner.substring(1, inner.length() - 1));
                } else if (inner.matches("\\d{1,9}")) {
                    steps.add(Integer.parseInt(inner));
                } else if (inner.equals("*") || inner.startsWith("last")) {
                    return new Unsupported("JSON path wildcards and [last]");
                } else {
                    return new Invalid();
                }
                i = close + 1;
            } else {
                return new Invalid();
            }
        }
        return new Steps(steps);
    }
}
