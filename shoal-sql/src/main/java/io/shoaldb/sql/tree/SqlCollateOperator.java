package io.shoaldb.sql.tree;

import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * MySQL's {@code expr COLLATE name}, as drivers write it in their metadata queries (Connector/J's getColumns:
 * {@code IS_NULLABLE COLLATE utf8mb4_general_ci = 'NO'}). The planner converts it to {@code expr} itself: ShoalDB
 * stores and compares text as UTF-8 bytes whatever collation a client names. The collation name is the second
 * operand, as a string. Binds tighter than comparisons and arithmetic, as in MySQL.
 */
public final class SqlCollateOperator extends SqlBinaryOperator {
    public static final SqlCollateOperator INSTANCE = new SqlCollateOperator();

    private SqlCollateOperator() {
        super("COLLATE", SqlKind.OTHER, 90, true, ReturnTypes.ARG0, null, OperandTypes.ANY_ANY);
    }
}
