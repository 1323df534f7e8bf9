package io.shoaldb.ingest.format.json;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.json.JsonPathSteps;
import java.util.List;

/**
 * A JSON path as {@code jsonpaths} and {@code json_root} use them (grammar: {@link JsonPathSteps}).
 * Wildcards, slices and filters are not supported: any path that is not plain steps fails the load.
 */
record JsonPath(String text, List<Object> steps) {
    /** Steps are String (object key) or Integer (array index). */
    static JsonPath parse(String text) {
        if (JsonPathSteps.parse(text) instanceof JsonPathSteps.Steps parsed) {
            return new JsonPath(text, parsed.steps());
        }
        throw ErrorCode.LOAD_INVALID_ARGUMENT.exception("Invalid json path: " + text
                + " (supported: $, .name, ['name'] and [index] steps)");
    }
}
