package io.shoaldb.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * In Doris {@code x / 0} and {@code x % 0} are NULL, so a quotient or remainder is nullable
 * even when both operands are not. Calcite types them NOT NULL then, and its simplifications (in the decorrelator,
 * the field trimmer, semi-join rules) fold {@code x / 0 IS NULL} to FALSE. These operators, which the validator
 * finds ahead of Calcite's, have the same names, kinds and operand types but always-nullable results; the translator
 * goes by kind.
 */
final class DivisionNullability {
    private static final SqlOperator DIVIDE = new NullOnZero("/", SqlKind.DIVIDE,
            ReturnTypes.QUOTIENT_NULLABLE.andThen(SqlTypeTransforms.FORCE_NULLABLE), OperandTypes.DIVISION_OPERATOR);
    private static final SqlOperator MOD = new NullOnZero("%", SqlKind.MOD,
            ReturnTypes.NULLABLE_MOD.andThen(SqlTypeTransforms.FORCE_NULLABLE), OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC);
    /** {@code MOD(x, y)}, the function spelling of {@code %}, with the same rule. */
    private static final SqlOperator MOD_FUNCTION = new NullOnZeroFunction("MOD", SqlKind.MOD,
            ReturnTypes.NULLABLE_MOD.andThen(SqlTypeTransforms.FORCE_NULLABLE),
            SqlStdOperatorTable.MOD.getOperandTypeChecker());

    /** Marks our operators, so that the convertlets keep them. */
    private interface NullableResult {
    }

    /**
     * Also not "strong" in Calcite's sense (NULL exactly when an operand is NULL): otherwise its simplifier still
     * rewrites {@code x / 0 IS NULL} to {@code x IS NULL OR 0 IS NULL}, which is FALSE for a NOT NULL x.
     */
    private static final class NullOnZero extends SqlBinaryOperator implements NullableResult {
        NullOnZero(String name, SqlKind kind, SqlReturnTypeInference returns, SqlOperandTypeChecker operands) {
            super(name, kind, 60, true, returns, InferTypes.FIRST_KNOWN, operands);
        }

        @Override
        public Supplier<Strong.Policy> getStrongPolicyInference() {
            return () -> Strong.Policy.AS_IS;
        }
    }

    /** The same for a function call (not strong either). */
    private static final class NullOnZeroFunction extends SqlFunction implements NullableResult {
        NullOnZeroFunction(String name, SqlKind kind, SqlReturnTypeInference returns, SqlOperandTypeChecker operands) {
            super(name, kind, returns, null, operands, SqlFunctionCategory.NUMERIC);
        }

        @Override
        public Supplier<Strong.Policy> getStrongPolicyInference() {
            return () -> Strong.Policy.AS_IS;
        }
    }

    /**
     * Calcite's convertlets for the standard operators, except that ours stay ours (Calcite's would convert
     * them back to its own, NOT NULL typed, operators).
     */
    static final SqlRexConvertletTable CONVERTLETS = call -> call.getOperator() instanceof NullableResult
            ? (cx, c) -> cx.getRexBuilder().makeCall(cx.getValidator().getValidatedNodeType(c), c.getOperator(),
                    c.getOperandList().stream().map(cx::convertExpression).toList())
            : StandardConvertletTable.INSTANCE.get(call);

    /**
     * Ahead of Calcite's in the operator table: the validator looks operators up again by name, and would
     * otherwise put Calcite's back.
     */
    static final SqlOperatorTable OPERATORS = SqlOperatorTables.of(DIVIDE, MOD, MOD_FUNCTION);

    private static final Set<SqlOperator> REPLACED = Set.of(SqlStdOperatorTable.DIVIDE,
            SqlStdOperatorTable.PERCENT_REMAINDER, SqlStdOperatorTable.MOD);

    /**
     * Calcite's standard operators without the ones replaced here. A function name with two candidates stays
     * unresolved until the validator filters candidates by the parser's generic kind, which would drop ours.
     */
    static SqlOperatorTable withoutReplaced(SqlOperatorTable standard) {
        return new SqlOperatorTable() {
            @Override
            public void lookupOperatorOverloads(SqlIdentifier name, SqlFunctionCategory category, SqlSyntax syntax,
                                                List<SqlOperator> result, SqlNameMatcher matcher) {
                List<SqlOperator> found = new ArrayList<>();
                standard.lookupOperatorOverloads(name, category, syntax, found, matcher);
                found.removeIf(REPLACED::contains);
                result.addAll(found);
            }

            @Override
            public List<SqlOperator> getOperatorList() {
                return standard.getOperatorList().stream().filter(op -> !REPLACED.contains(op)).toList();
            }
        };
    }

    private DivisionNullability() {
    }
}
