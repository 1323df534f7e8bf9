package io.shoaldb.exec.expr.function.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.shoaldb.common.error.ErrorCode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Doris JSON path: {@code $}, then steps {@code .key}, {@code ."key.with.dots"}, {@code ['key']} and
 * {@code [index]} (from 0), e.g. {@code $.a.b}, {@code $.a[2]}, {@code $."a.b"[0].c}. Parsed once per
 * call site; {@link #seek} then walks one document without building a tree, skipping what the path does
 * not enter. Steps are String (object key, matched exactly, first occurrence) or Integer (array index).
 */
final class JsonPath {
    private final Object[] steps;

    private JsonPath(List<Object> steps) {
        this.steps = steps.toArray();
    }

    /**
     * The path, or empty when the text is not a path (Doris then answers NULL for every row).
     *
     * @throws io.shoaldb.common.error.ShoalException NOT_SUPPORTED for wildcards, which are valid in Doris
     *         but not implemented (a silent NULL would be a wrong answer)
     */
    static Optional<JsonPath> parse(String text) {
        String t = text.strip();
        if (!t.startsWith("$")) {
            return Optional.empty();
        }
        List<Object> steps = new ArrayList<>();
        int i = 1;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '.' && i + 1 < t.length() && t.charAt(i + 1) == '"') {
                int close = t.indexOf('"', i + 2);
                if (close < 0) {
                    return Optional.empty();
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
                    return Optional.empty();
                }
                if (key.equals("*")) {
                    throw ErrorCode.NOT_SUPPORTED.exception("JSON path wildcards (" + text + ")");
                }
                steps.add(key);
                i = j;
            } else if (c == '[') {
                int close = t.indexOf(']', i);
                if (close < 0) {
                    return Optional.empty();
                }
                String inner = t.substring(i + 1, close).strip();
                if (inner.length() >= 2 && (inner.charAt(0) == '\'' || inner.charAt(0) == '"')
                        && inner.charAt(inner.length() - 1) == inner.charAt(0)) {
                    steps.add(inner.substring(1, inner.length() - 1));
                } else if (inner.matches("\\d{1,9}")) {
                    steps.add(Integer.parseInt(inner));
                } else if (inner.equals("*") || inner.startsWith("last")) {
                    throw ErrorCode.NOT_SUPPORTED.exception("JSON path wildcards and [last] (" + text + ")");
                } else {
                    return Optional.empty();
                }
                i = close + 1;
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(new JsonPath(steps));
    }

    /**
     * Reads the document's first token and moves the parser to the first token of the value at the path;
     * false when the path does not exist (a key that is absent, an index past the end, a step into a value of
     * the wrong kind). Malformed input surfaces as the parser's IOException.
     */
    boolean seek(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            return false;
        }
        for (Object step : steps) {
            if (!(step instanceof String key ? enterKey(p, key) : enterIndex(p, (Integer) step))) {
                return false;
            }
        }
        return true;
    }

    private static boolean enterKey(JsonParser p, String key) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            boolean match = key.equals(p.currentName());
            p.nextToken();
            if (match) {
                return true;
            }
            p.skipChildren();
        }
        return false;
    }

    private static boolean enterIndex(JsonParser p, int index) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            return false;
        }
        int i = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY && t != null; t = p.nextToken()) {
            if (i++ == index) {
                return true;
            }
            p.skipChildren();
        }
        return false;
    }
}
