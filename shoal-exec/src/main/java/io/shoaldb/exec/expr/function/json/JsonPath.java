package io.shoaldb.exec.expr.function.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.json.JsonPathSteps;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A Doris JSON path (grammar: {@link JsonPathSteps}; indexes from 0). Parsed once per call site;
 * {@link #seek} then walks one document without building a tree, skipping what the path does not enter.
 * Steps are String (object key, matched exactly, first occurrence) or Integer (array index).
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
        return switch (JsonPathSteps.parse(text)) {
            case JsonPathSteps.Steps parsed -> Optional.of(new JsonPath(parsed.steps()));
            case JsonPathSteps.Unsupported unsupported ->
                    throw ErrorCode.NOT_SUPPORTED.exception(unsupported.what() + " (" + text + ")");
            case JsonPathSteps.Invalid invalid -> Optional.empty();
        };
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
