package io.shoaldb.server.statement;

import io.shoaldb.sql.tree.SqlSystemVariable;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * Whether an expression reads the session (system variables, DATABASE(), USER(), ...): such constant SELECTs
 * are answered by the {@link io.shoaldb.server.expression.ConstantEvaluator}, the others by the planner and
 * the executor's kernels like any query.
 */
final class SessionExpressions {
    private static final Set<String> SESSION_FUNCTIONS = Set.of("DATABASE", "SCHEMA", "USER", "CURRENT_USER",
            "SESSION_USER", "SYSTEM_USER", "CONNECTION_ID", "VERSION", "LAST_INSERT_ID");

    private SessionExpressions() {
    }

    static boolean uses(SqlNode node) {
        return switch (node) {
            case null -> false;
            case SqlSystemVariable v -> true;
            case SqlIdentifier id -> id.isSimple() && SESSION_FUNCTIONS.contains(id.getSimple().toUpperCase(Locale.ROOT));
            case SqlNodeList list -> list.stream().anyMatch(SessionExpressions::uses);
            case SqlCall call -> SESSION_FUNCTIONS.contains(call.getOperator().getName().toUpperCase(Locale.ROOT))
                    || call.getOperandList().stream().anyMatch(SessionExpressions::uses);
            default -> false;
        };
    }
}
