package io.shoaldb.sql.planner;

import io.shoaldb.vector.type.DataType;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * One scalar function as the planner knows it: its Doris name, the argument families Calcite checks, and
 * the result type for given argument types (our types, so the rule sees JSON apart from VARCHAR; Calcite
 * is told the same type mapped through {@link CalciteTypes}). Results are nullable: Doris's functions give
 * NULL for missing or unconvertible values.
 *
 * @param name the canonical lower-case name, which is also the executor's key for the kernel
 */
record ScalarFunction(String name, List<SqlTypeFamily> arguments, Function<List<DataType>, DataType> resultType) {
    ScalarFunction {
        name = name.toLowerCase(Locale.ROOT);
        arguments = List.copyOf(arguments);
    }

    /** A function whose result type does not depend on its arguments. */
    static ScalarFunction fixed(String name, DataType result, SqlTypeFamily... arguments) {
        return new ScalarFunction(name, List.of(arguments), types -> result);
    }

    DataType resultType(List<DataType> argumentTypes) {
        return resultType.apply(argumentTypes);
    }

    /** The operator Calcite's validator resolves calls against. */
    SqlFunction toCalcite() {
        return new SqlFunction(name.toUpperCase(Locale.ROOT), SqlKind.OTHER_FUNCTION,
                binding -> CalciteTypes.toCalcite(binding.getTypeFactory(),
                        resultType(binding.collectOperandTypes().stream().map(CalciteTypes::toShoal).toList()), true),
                null, OperandTypes.family(arguments), SqlFunctionCategory.USER_DEFINED_FUNCTION);
    }
}
