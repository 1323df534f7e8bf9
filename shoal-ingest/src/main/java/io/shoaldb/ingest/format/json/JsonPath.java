package io.shoaldb.ingest.format.json;

import io.shoaldb.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;

/**
 * A simple JSON path as {@code jsonpaths} and {@code json_root} use them: {@code $}, then {@code .name},
 * {@code ['name']} or {@code [index]} steps ({@code $.a.b}, {@code $.a[0]}, {@code $['k.with.dots']}).
 * Wildcards, slices and filters are not supported.
 */
record JsonPath(String text, List<Object> steps) {
    /** Steps are String (object key) or Integer (array index). */
    static JsonPath parse(String text) {
        String t = text.strip();
        if (!t.startsWith("$")) {
            throw invalid(text);
        }
        List<Object> steps = new ArrayList<>();
        int i = 1;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '.') {
                int j = i + 1;
                while (j < t.length() && t.charAt(j) != '.' && t.charAt(j) != '[') {
                    j++;
                }
                if (j == i + 1) {
                    throw invalid(text);
                }
                String name = t.substring(i + 1, j);
                if (name.equals("*")) {
                    throw invalid(text);
                }
                steps.add(name);
                i = j;
            } else if (c == '[') {
                int close = t.indexOf(']', i);
                if (close < 0) {
                    throw invalid(text);
                }
                String inner = t.substring(i + 1, close).strip();
                if (inner.length() >= 2 && (inner.charAt(0) == '\'' || inner.charAt(0) == '"')
                        && inner.charAt(inner.length() - 1) == inner.charAt(0)) {
                    steps.add(inner.substring(1, inner.length() - 1));
                } else if (inner.matches("\\d+")) {
                    steps.add(Integer.parseInt(inner));
                } else {
                    throw invalid(text);
                }
                i = close + 1;
            } else {
                throw invalid(text);
            }
        }
        return new JsonPath(text, List.copyOf(steps));
    }

    private static RuntimeException invalid(String text) {
        return ErrorCode.LOAD_INVALID_ARGUMENT.exception("Invalid json path: " + text
                + " (supported: $, .name, ['name'] and [index] steps)");
    }
}
