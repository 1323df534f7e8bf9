package io.shoaldb.sql.planner;

import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * The catalogue of scalar functions beyond Calcite's operators: what the validator may resolve
 * ({@link #operatorTable()}) and how a resolved call is typed for the physical plan ({@link #of}). A new
 * function is one entry here plus its kernel in the executor's function registry.
 */
final class ScalarFunctions {
    private static final SqlTypeFamily TEXT = SqlTypeFamily.CHARACTER;

    private static final List<ScalarFunction> ALL = List.of(
            // Doris's JSON accessors: (json or json text, constant path). NULL when the path is missing or the
            // value has another type.
            ScalarFunction.fixed("get_json_string", DataType.STRING, TEXT, TEXT),
            ScalarFunction.fixed("get_json_int", DataType.INT, TEXT, TEXT),
            ScalarFunction.fixed("get_json_bigint", DataType.BIGINT, TEXT, TEXT),
            ScalarFunction.fixed("get_json_double", DataType.DOUBLE, TEXT, TEXT),
            ScalarFunction.fixed("json_extract_string", DataType.STRING, TEXT, TEXT),
            ScalarFunction.fixed("jsonb_extract_string", DataType.STRING, TEXT, TEXT),
            // JSON in, JSON out; over text Doris answers text.
            new ScalarFunction("json_extract", List.of(TEXT, TEXT), ScalarFunctions::jsonOrString),
            new ScalarFunction("jsonb_extract", List.of(TEXT, TEXT), ScalarFunctions::jsonOrString));

    private static final Map<SqlOperator, ScalarFunction> BY_OPERATOR = new HashMap<>();
    private static final SqlOperatorTable OPERATORS;

    static {
        for (ScalarFunction f : ALL) {
            SqlFunction operator = f.toCalcite();
            BY_OPERATOR.put(operator, f);
        }
        OPERATORS = SqlOperatorTables.of(BY_OPERATOR.keySet());
    }

    private ScalarFunctions() {
    }

    static SqlOperatorTable operatorTable() {
        return OPERATORS;
    }

    /** The function behind a resolved operator, if it is one of ours. */
    static Optional<ScalarFunction> of(SqlOperator operator) {
        return Optional.ofNullable(BY_OPERATOR.get(operator));
    }

    private static DataType jsonOrString(List<DataType> arguments) {
        return arguments.getFirst().id() == TypeId.JSON ? DataType.JSON : DataType.STRING;
    }
}
