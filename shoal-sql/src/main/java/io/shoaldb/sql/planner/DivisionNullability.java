package io.shoaldb.sql.planner;

import java.util.function.Supplier;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
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

    /**
     * Also not "strong" in Calcite's sense (NULL exactly when an operand is NULL): otherwise its simplifier still
     * rewrites {@code x / 0 IS NULL} to {@code x IS NULL OR 0 IS NULL}, which is FALSE for a NOT NULL x.
     */
    private static final class NullOnZero extends SqlBinaryOperator {
        NullOnZero(String name, SqlKind kind, SqlReturnTypeInference returns, SqlOperandTypeChecker operands) {
            super(name, kind, 60, true, returns, InferTypes.FIRST_KNOWN, operands);
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
    static final SqlRexConvertletTable CONVERTLETS = call -> call.getOperator() instanceof NullOnZero
            ? (cx, c) -> cx.getRexBuilder().makeCall(cx.getValidator().getValidatedNodeType(c), c.getOperator(),
                    c.getOperandList().stream().map(cx::convertExpression).toList())
            : StandardConvertletTable.INSTANCE.get(call);

    /**
     * Ahead of Calcite's in the operator table: the validator looks operators up again by name, and would
     * otherwise put Calcite's back.
     */
    static final SqlOperatorTable OPERATORS = SqlOperatorTables.of(DIVIDE, MOD);

    private DivisionNullability() {
    }
}
