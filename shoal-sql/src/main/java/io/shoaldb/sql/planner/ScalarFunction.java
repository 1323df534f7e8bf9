package io.shoaldb.sql.planner;

import io.shoaldb.vector.type.DataType;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * One scalar function as the planner knows it: its Doris name, the arguments Calcite's validator accepts,
 * and its {@link Signature}: the types its arguments are cast to and its result type, from our argument types
 * (so the rule sees JSON apart from VARCHAR; Calcite is told the same result type mapped through
 * {@link CalciteTypes}). Results are nullable: Doris's functions give NULL for missing or unconvertible values.
 *
 * @param name the canonical lower-case name, which is also the executor's key for the kernel
 */
record ScalarFunction(String name, SqlOperandTypeChecker operands, Signature signature) {
    /** The argument types a call is cast to (one per argument) and the type of its result. */
    record Typed(List<DataType> arguments, DataType result) {
    }

    /** Types a call from the types of its arguments as written. */
    @FunctionalInterface
    interface Signature {
        Typed resolve(List<DataType> arguments);
    }

    ScalarFunction {
        name = name.toLowerCase(Locale.ROOT);
    }

    /** A function of text arguments (text stays as it is, NULL becomes a STRING) with a fixed result type. */
    static ScalarFunction fixed(String name, DataType result, SqlTypeFamily... arguments) {
        return new ScalarFunction(name, OperandTypes.family(arguments),
                types -> new Typed(Signatures.coerce(types, Signatures.Arg.TEXT), result));
    }

    Typed resolve(List<DataType> argumentTypes) {
        return signature.resolve(argumentTypes);
    }

    /** The operator Calcite's validator resolves calls against. */
    SqlFunction toCalcite() {
        return new SqlFunction(name.toUpperCase(Locale.ROOT), SqlKind.OTHER_FUNCTION,
                binding -> CalciteTypes.toCalcite(binding.getTypeFactory(),
                        resolve(binding.collectOperandTypes().stream().map(CalciteTypes::argumentType).toList())
                                .result(), true),
                InferTypes.FIRST_KNOWN, operands, category());
    }

    /**
     * The parser builds DATE_TRUNC(...) as Calcite's own (BigQuery) operator; the validator resolves such a
     * call only against operators of the same category, so ours must be TIMEDATE to replace it.
     */
    private SqlFunctionCategory category() {
        return name.equals("date_trunc") ? SqlFunctionCategory.TIMEDATE : SqlFunctionCategory.USER_DEFINED_FUNCTION;
    }
}
