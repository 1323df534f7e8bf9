package io.shoaldb.exec.expr.function.json;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.exec.expr.VectorExpression;
import io.shoaldb.exec.expr.function.KernelFactory;
import io.shoaldb.sql.planner.physical.expr.Call;
import io.shoaldb.sql.planner.physical.expr.Expr;
import io.shoaldb.sql.planner.physical.expr.Literal;
import io.shoaldb.vector.type.TypeId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Registers the JSON accessors: {@code name(document, path)}, each a {@link JsonResult}. The path must be a
 * constant, so it is parsed once per call site, not once per row.
 */
public final class JsonFunctions {
    private static final Map<String, JsonResult> RESULTS = Map.of(
            "get_json_string", JsonResult.STRING,
            "json_extract_string", JsonResult.STRING,
            "jsonb_extract_string", JsonResult.STRING,
            "get_json_int", JsonResult.INT,
            "get_json_bigint", JsonResult.BIGINT,
            "get_json_double", JsonResult.DOUBLE,
            "json_extract", JsonResult.JSON,
            "jsonb_extract", JsonResult.JSON);

    private JsonFunctions() {
    }

    public static void register(BiConsumer<String, KernelFactory> registry) {
        RESULTS.forEach((name, result) -> registry.accept(name, (call, arguments) -> create(call, arguments, result)));
    }

    /**
     * Evaluates an accessor on one document (constant expressions outside the vector engine, e.g.
     * {@code SELECT get_json_int('{"a":1}', '$.a')}); null for NULL. The value is a Long, Double or String.
     */
    public static Object evaluate(String function, String document, String path) {
        JsonResult result = RESULTS.get(function);
        if (result == null) {
            throw new IllegalArgumentException("not a JSON function: " + function);
        }
        if (document == null || path == null) {
            return null;
        }
        return JsonPath.parse(path).map(p -> new JsonAccessor(p, result, true)
                .read(document.getBytes(StandardCharsets.UTF_8))).orElse(null);
    }

    public static boolean isJsonFunction(String function) {
        return RESULTS.containsKey(function);
    }

    private static VectorExpression create(Call call, List<VectorExpression> arguments, JsonResult result) {
        if (arguments.size() != 2) {
            throw ErrorCode.WRONG_ARGUMENTS.exception(call.function());
        }
        Expr path = call.arguments().get(1);
        if (!(path instanceof Literal literal)) {
            throw ErrorCode.NOT_SUPPORTED.exception(call.function() + " with a path that is not a constant");
        }
        JsonAccessor accessor = literal.isNull() ? null
                : JsonPath.parse(literal.value().toString())
                        .map(p -> new JsonAccessor(p, result, call.arguments().getFirst().type().id() != TypeId.JSON))
                        .orElse(null);
        return new JsonExtractExpression(arguments.getFirst(), accessor, result, call.type());
    }
}
