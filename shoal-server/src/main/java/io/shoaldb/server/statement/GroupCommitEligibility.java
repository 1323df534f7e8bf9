package io.shoaldb.server.statement;

import io.shoaldb.catalog.model.GroupCommitMode;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.tree.SqlDorisInsert;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;

/**
 * Whether an INSERT goes through group commit, and in which mode. The session variable wins over the
 * table property when the session chose it; a load that group commit cannot take falls back silently to
 * the normal path, as in Doris: inside BEGIN ... COMMIT, WITH LABEL, values that are expressions (a
 * literal, a cast of one, or a prepared-statement parameter is fine), partial-column updates, a table
 * without light schema change, and INSERT ... SELECT.
 */
final class GroupCommitEligibility {
    private GroupCommitEligibility() {
    }

    /** The group-commit mode to use, or null for the normal path. */
    static io.shoaldb.ingest.groupcommit.GroupCommitMode mode(ShoalSession session, Table table,
            SqlDorisInsert statement, List<List<SqlNode>> rows) {
        if (statement.label() != null || statement.source().getKind() != SqlKind.VALUES || !allLiteral(rows)) {
            return null;
        }
        return modeForLiterals(session, table);
    }

    /** The mode for {@code INSERT ... VALUES} of literals only, without a label (a {@code LiteralInsert}). */
    static io.shoaldb.ingest.groupcommit.GroupCommitMode modeForLiterals(ShoalSession session, Table table) {
        GroupCommitMode mode = requestedMode(session, table);
        if (mode == GroupCommitMode.OFF_MODE
                || session.transaction() != null
                || session.variables().uniqueKeyPartialUpdate()
                || !table.properties().lightSchemaChange()) {
            return null;
        }
        return mode == GroupCommitMode.SYNC_MODE ? io.shoaldb.ingest.groupcommit.GroupCommitMode.SYNC
                : io.shoaldb.ingest.groupcommit.GroupCommitMode.ASYNC;
    }

    private static GroupCommitMode requestedMode(ShoalSession session, Table table) {
        if (session.variables().groupCommitChosen()) {
            // group_commit is normalised to one of its declared (lower-case) words.
            return switch (session.variables().groupCommit()) {
                case "sync_mode" -> GroupCommitMode.SYNC_MODE;
                case "async_mode" -> GroupCommitMode.ASYNC_MODE;
                default -> GroupCommitMode.OFF_MODE;
            };
        }
        return table.properties().groupCommitMode();
    }

    private static boolean allLiteral(List<List<SqlNode>> rows) {
        for (List<SqlNode> row : rows) {
            for (SqlNode value : row) {
                if (!isLiteral(value)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A literal, a signed numeric literal (Calcite parses -1 as a call), a cast of one, or a parameter. */
    static boolean isLiteral(SqlNode node) {
        return switch (node) {
            case SqlLiteral ignored -> true;
            case SqlDynamicParam ignored -> true;
            case SqlBasicCall call when call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX
                    || call.getKind() == SqlKind.CAST -> isLiteral(call.operand(0));
            default -> false;
        };
    }
}
