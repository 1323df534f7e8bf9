package io.shoaldb.sql.planner;

import static io.shoaldb.sql.planner.Signatures.Arg.DATE;
import static io.shoaldb.sql.planner.Signatures.Arg.DOUBLE;
import static io.shoaldb.sql.planner.Signatures.Arg.INTEGER;
import static io.shoaldb.sql.planner.Signatures.Arg.TEMPORAL;
import static io.shoaldb.sql.planner.Signatures.Arg.TEXT;

import io.shoaldb.sql.planner.ScalarFunction.Signature;
import io.shoaldb.sql.planner.ScalarFunction.Typed;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * The catalogue of scalar functions: what the validator may resolve beyond Calcite's standard operators
 * ({@link #operatorTable()}), and how a resolved call - ours or a standard one such as UPPER or ROUND - is
 * typed for the physical plan ({@link #of}, {@link #standard}). A new function is one entry here plus its
 * kernel in the executor's function registry, under the same name.
 */
final class ScalarFunctions {
    private static final SqlTypeFamily JSON_TEXT = SqlTypeFamily.CHARACTER;
    /** The units of {@code <unit>s_add} / {@code <unit>s_sub}; the first four keep a DATE a DATE. */
    static final List<String> DATE_UNITS = List.of("year", "month", "week", "day", "hour", "minute", "second");

    private static final List<ScalarFunction> ALL = new ArrayList<>(List.of(
            // Doris's JSON accessors: (json or json text, constant path). NULL when the path is missing or the
            // value has another type.
            ScalarFunction.fixed("get_json_string", DataType.STRING, JSON_TEXT, JSON_TEXT),
            ScalarFunction.fixed("get_json_int", DataType.INT, JSON_TEXT, JSON_TEXT),
            ScalarFunction.fixed("get_json_bigint", DataType.BIGINT, JSON_TEXT, JSON_TEXT),
            ScalarFunction.fixed("get_json_double", DataType.DOUBLE, JSON_TEXT, JSON_TEXT),
            ScalarFunction.fixed("json_extract_string", DataType.STRING, JSON_TEXT, JSON_TEXT),
            ScalarFunction.fixed("jsonb_extract_string", DataType.STRING, JSON_TEXT, JSON_TEXT),
            // JSON in, JSON out; over text Doris answers text.
            new ScalarFunction("json_extract", OperandTypes.family(JSON_TEXT, JSON_TEXT), ScalarFunctions::jsonOrString),
            new ScalarFunction("jsonb_extract", OperandTypes.family(JSON_TEXT, JSON_TEXT), ScalarFunctions::jsonOrString),

            // Conditionals (CASE, COALESCE and NULLIF are Calcite's; IF and IFNULL become CASE and COALESCE).
            new ScalarFunction("if", count(3, 3), types -> conditional(types, 1)),
            new ScalarFunction("ifnull", count(2, 2), types -> conditional(types, 0)),
            new ScalarFunction("nvl", count(2, 2), types -> conditional(types, 0)),
            // The smallest / largest argument in their common type; NULL if any argument is NULL (Doris).
            new ScalarFunction("least", count(1, -1), types -> conditional(types, 0)),
            new ScalarFunction("greatest", count(1, -1), types -> conditional(types, 0)),

            // Strings.
            new ScalarFunction("concat", count(1, -1), Signatures.of(DataType.STRING, TEXT)),
            new ScalarFunction("concat_ws", count(2, -1), Signatures.of(DataType.STRING, TEXT)),
            new ScalarFunction("substr", count(2, 3), Signatures.of(DataType.STRING, TEXT, INTEGER)),
            new ScalarFunction("length", count(1, 1), Signatures.of(DataType.INT, TEXT)),
            new ScalarFunction("ucase", count(1, 1), Signatures.of(DataType.STRING, TEXT)),
            new ScalarFunction("lcase", count(1, 1), Signatures.of(DataType.STRING, TEXT)),
            new ScalarFunction("ltrim", count(1, 1), Signatures.of(DataType.STRING, TEXT)),
            new ScalarFunction("rtrim", count(1, 1), Signatures.of(DataType.STRING, TEXT)),
            new ScalarFunction("locate", count(2, 3), Signatures.of(DataType.INT, TEXT, TEXT, INTEGER)),
            new ScalarFunction("instr", count(2, 2), Signatures.of(DataType.INT, TEXT)),
            new ScalarFunction("lpad", count(3, 3), Signatures.of(DataType.STRING, TEXT, INTEGER, TEXT)),
            new ScalarFunction("rpad", count(3, 3), Signatures.of(DataType.STRING, TEXT, INTEGER, TEXT)),
            new ScalarFunction("regexp", count(2, 2), Signatures.of(DataType.BOOLEAN, TEXT)),

            // Dates and times.
            new ScalarFunction("date_add", count(2, 2), ScalarFunctions::addDays),
            new ScalarFunction("adddate", count(2, 2), ScalarFunctions::addDays),
            new ScalarFunction("days_add", count(2, 2), ScalarFunctions::addDays),
            new ScalarFunction("date_sub", count(2, 2), ScalarFunctions::addDays),
            new ScalarFunction("subdate", count(2, 2), ScalarFunctions::addDays),
            new ScalarFunction("datediff", count(2, 2), Signatures.of(DataType.INT, DATE)),
            new ScalarFunction("day", count(1, 1), Signatures.of(DataType.INT, TEMPORAL)),
            new ScalarFunction("date_format", count(2, 2), types -> new Typed(
                    List.of(Signatures.coerce(TEMPORAL, types.get(0)), Signatures.coerce(TEXT, types.get(1))),
                    DataType.STRING)),
            new ScalarFunction("date_trunc", count(2, 2), ScalarFunctions::dateTrunc),
            new ScalarFunction("str_to_date", count(2, 2), Signatures.of(DataType.datetime(0), TEXT)),
            new ScalarFunction("to_date", count(1, 1), Signatures.of(DataType.DATE, DATE)),
            new ScalarFunction("now", count(0, 0), types -> new Typed(types, DataType.datetime(0))),
            new ScalarFunction("curdate", count(0, 0), types -> new Typed(types, DataType.DATE)),

            // Numbers (ABS, ROUND, FLOOR, CEIL, POWER, LN, SQRT, EXP, LOG10 and MOD are Calcite's).
            new ScalarFunction("pow", count(2, 2), Signatures.of(DataType.DOUBLE, DOUBLE))));

    /** Calcite's standard functions that we run, by the name Calcite gives the operator. */
    private static final Map<String, ScalarFunction> STANDARD = new HashMap<>();

    static {
        for (String unit : DATE_UNITS) {
            ALL.add(new ScalarFunction(unit + "s_add", count(2, 2), types -> addUnits(types, unit)));
            ALL.add(new ScalarFunction(unit + "s_sub", count(2, 2), types -> addUnits(types, unit)));
        }
        standard("upper", Signatures.of(DataType.STRING, TEXT));
        standard("lower", Signatures.of(DataType.STRING, TEXT));
        standard("char_length", Signatures.of(DataType.INT, TEXT));
        STANDARD.put("CHARACTER_LENGTH", STANDARD.get("CHAR_LENGTH"));
        standard("substring", Signatures.of(DataType.STRING, TEXT, INTEGER));
        standard("replace", Signatures.of(DataType.STRING, TEXT));
        standard("trim", Signatures.of(DataType.STRING, TEXT));
        standard("abs", ScalarFunctions::abs);
        standard("round", ScalarFunctions::round);
        standard("truncate", ScalarFunctions::round);
        standard("floor", ScalarFunctions::round);
        standard("ceil", ScalarFunctions::round);
        STANDARD.put("CEILING", STANDARD.get("CEIL"));
        standard("power", Signatures.of(DataType.DOUBLE, DOUBLE));
        standard("ln", Signatures.of(DataType.DOUBLE, DOUBLE));
        standard("log10", Signatures.of(DataType.DOUBLE, DOUBLE));
        standard("exp", Signatures.of(DataType.DOUBLE, DOUBLE));
        standard("sqrt", Signatures.of(DataType.DOUBLE, DOUBLE));
        for (String unit : List.of("year", "quarter", "month", "week", "dayofmonth", "dayofweek", "dayofyear", "hour",
                "minute", "second")) {
            standard(unit, Signatures.of(DataType.INT, TEMPORAL));
        }
        STANDARD.put("CURRENT_DATE", find("curdate"));
        STANDARD.put("CURRENT_TIMESTAMP", find("now"));
        STANDARD.put("LOCALTIMESTAMP", find("now"));
    }

    private static final Map<SqlOperator, ScalarFunction> BY_OPERATOR = new HashMap<>();
    private static final SqlOperatorTable OPERATORS;

    static {
        for (ScalarFunction f : ALL) {
            SqlFunction operator = f.toCalcite();
            BY_OPERATOR.put(operator, f);
        }
        // s REGEXP p and s RLIKE p: Calcite's RLIKE operator (the parser builds it), run by our regexp kernel.
        List<SqlOperator> operators = new ArrayList<>(BY_OPERATOR.keySet());
        operators.add(SqlLibraryOperators.RLIKE);
        operators.add(SqlLibraryOperators.NOT_RLIKE);
        OPERATORS = SqlOperatorTables.of(operators);
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

    /** Our entry for one of Calcite's standard functions (by its operator name, e.g. UPPER), if we run it. */
    static Optional<ScalarFunction> standard(String operatorName) {
        return Optional.ofNullable(STANDARD.get(operatorName.toUpperCase(Locale.ROOT)));
    }

    /** Any catalogued function by its lower-case name. */
    static ScalarFunction find(String name) {
        for (ScalarFunction f : ALL) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        ScalarFunction f = STANDARD.get(name.toUpperCase(Locale.ROOT));
        if (f == null) {
            throw new IllegalArgumentException("no function " + name);
        }
        return f;
    }

    private static void standard(String name, Signature signature) {
        STANDARD.put(name.toUpperCase(Locale.ROOT), new ScalarFunction(name, null, signature));
    }

    private static SqlOperandTypeChecker count(int min, int max) {
        return OperandTypes.variadic(max < 0 ? SqlOperandCountRanges.from(min) : SqlOperandCountRanges.between(min, max));
    }

    private static Typed jsonOrString(List<DataType> arguments) {
        return new Typed(Signatures.coerce(arguments, TEXT),
                arguments.getFirst().id() == TypeId.JSON ? DataType.JSON : DataType.STRING);
    }

    /** IF(c, a, b) / IFNULL(a, b) / LEAST(a, b, ...): the values from {@code first} on share their common type. */
    private static Typed conditional(List<DataType> types, int first) {
        DataType common = TypeRules.commonType(types.subList(first, types.size()));
        List<DataType> out = new ArrayList<>(types);
        for (int i = first; i < out.size(); i++) {
            out.set(i, common);
        }
        if (first == 1) {
            out.set(0, DataType.BOOLEAN);
        }
        return new Typed(out, common);
    }

    /** {@code date_add(d, n)} without a unit adds days. */
    private static Typed addDays(List<DataType> types) {
        return addUnits(types, "day");
    }

    /** DATE plus years, months, weeks or days stays a DATE; anything else is a DATETIME (Doris). */
    static Typed addUnits(List<DataType> types, String unit) {
        DataType date = Signatures.coerce(TEMPORAL, types.get(0));
        if (date.id() == TypeId.DATE && DATE_UNITS.indexOf(unit) > DATE_UNITS.indexOf("day")) {
            date = DataType.datetime(0);
        }
        return new Typed(List.of(date, DataType.BIGINT), date);
    }

    /** {@code date_trunc(datetime, 'unit')} (or Doris's newer {@code date_trunc('unit', datetime)}). */
    private static Typed dateTrunc(List<DataType> types) {
        boolean unitFirst = TypeRules.isText(types.get(0)) && TypeRules.isTemporal(types.get(1));
        DataType date = Signatures.coerce(TEMPORAL, types.get(unitFirst ? 1 : 0));
        DataType unit = Signatures.coerce(TEXT, types.get(unitFirst ? 0 : 1));
        return new Typed(unitFirst ? List.of(unit, date) : List.of(date, unit), date);
    }

    /** ABS keeps decimals and doubles, integers become BIGINT (LARGEINT stays). */
    private static Typed abs(List<DataType> types) {
        DataType x = Signatures.numeric("abs", types.get(0));
        DataType r = switch (x.id()) {
            case FLOAT, DOUBLE -> DataType.DOUBLE;
            case DECIMAL, LARGEINT -> x;
            default -> DataType.BIGINT;
        };
        return new Typed(List.of(r), r);
    }

    /**
     * ROUND, TRUNCATE, FLOOR and CEIL keep the type of their argument (Doris's {@code T round(T x[, d])}):
     * a DECIMAL(p,s) rounded to a constant d digits has scale min(s, max(d, 0)); integers are BIGINT.
     */
    private static Typed round(List<DataType> types) {
        DataType x = Signatures.numeric("round", types.get(0));
        DataType r = switch (x.id()) {
            case FLOAT, DOUBLE -> DataType.DOUBLE;
            case DECIMAL -> x;
            case LARGEINT -> x;
            default -> DataType.BIGINT;
        };
        return new Typed(types.size() == 1 ? List.of(r) : List.of(r, DataType.BIGINT), r);
    }
}
