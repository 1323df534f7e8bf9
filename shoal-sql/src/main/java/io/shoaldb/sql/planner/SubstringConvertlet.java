package io.shoaldb.sql.planner;

import java.math.BigDecimal;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlSubstringFunction;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * {@code SUBSTRING(s, pos[, len])} with a positive literal {@code pos} (TPC-H Q22's {@code substring(c_phone, 1, 2)})
 * as the plain call. Calcite's convertlet wraps every position in a CASE that maps MySQL's negative and zero positions
 * onto its own, which the executor evaluates per row - a character count of {@code s} and three additions - only to
 * give back {@code pos} whenever it is positive. The executor's SUBSTRING takes MySQL's positions itself, so other
 * positions keep Calcite's conversion unchanged.
 */
final class SubstringConvertlet {
    private SubstringConvertlet() {
    }

    /** The plain conversion for such a call, or null to leave the call to Calcite's convertlet. */
    static SqlRexConvertlet of(SqlCall call) {
        if (!(call.getOperator() instanceof SqlSubstringFunction) || call.operandCount() < 2 || !(call.operand(1) instanceof SqlNumericLiteral pos) || !pos.isExact()
                || pos.getValueAs(BigDecimal.class).signum() <= 0) {
            return null;
        }
        return (cx, c) -> cx.getRexBuilder().makeCall(cx.getValidator().getValidatedNodeType(c), c.getOperator(),
                c.getOperandList().stream().map(cx::convertExpression).toList());
    }
}
