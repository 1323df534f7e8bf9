package io.shoaldb.server.statement;

import io.shoaldb.catalog.auth.Privilege;
import io.shoaldb.server.auth.AccessDenied;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.sql.planner.physical.PhysicalNode;
import io.shoaldb.sql.planner.physical.PhysicalPlan;
import io.shoaldb.sql.planner.physical.PhysicalScan;
import io.shoaldb.sql.tree.SqlAlterTable;
import io.shoaldb.sql.tree.SqlCreateDatabase;
import io.shoaldb.sql.tree.SqlCreateTable;
import io.shoaldb.sql.tree.SqlDropDatabase;
import io.shoaldb.sql.tree.SqlDropTable;
import io.shoaldb.sql.tree.SqlSetVariables;
import io.shoaldb.sql.tree.SqlShowColumns;
import io.shoaldb.sql.tree.SqlShowCreateTable;
import io.shoaldb.sql.tree.SqlShowGroupCommit;
import io.shoaldb.sql.tree.SqlShowIndex;
import io.shoaldb.sql.tree.SqlShowProc;
import io.shoaldb.sql.tree.SqlShowQueryProfile;
import io.shoaldb.sql.tree.SqlShowTablets;
import io.shoaldb.sql.tree.SqlShowTransaction;
import io.shoaldb.sql.tree.SqlSyncGroupCommit;
import io.shoaldb.sql.tree.SqlTruncateTable;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlNode;

/**
 * The privilege each kind of statement needs, checked before it runs (Doris's rules): CREATE / DROP / ALTER on
 * the object, LOAD_PRIV to write rows (TRUNCATE, SYNC GROUP COMMIT; INSERT checks its own, prepared or not), any privilege to see a table's
 * definition, ADMIN_PRIV for SET GLOBAL and the statements about storage, transactions and other sessions'
 * profiles. Queries are checked on their plan ({@link #checkReads}): every table a scan reads needs SELECT_PRIV,
 * whatever the query's shape (joins, subqueries, CTEs, UNION), and also when the plan comes from the plan cache.
 * Statements not listed need nothing (BEGIN, SET of session variables, SHOW VARIABLES...); SHOW DATABASES /
 * TABLES / TABLE STATUS / PROCESSLIST filter their rows instead, and the account statements check their own.
 */
final class StatementAccess {
    private final ServerContext server;

    StatementAccess(ServerContext server) {
        this.server = server;
    }

    /** The checker for the session's account in the current catalog: grants as of this statement. */
    AccessDenied of(ShoalSession session) {
        return new AccessDenied(session.privileges(server.catalog().snapshot()), session.user(), session.remoteHost());
    }

    void checkStatement(ShoalSession session, SqlNode statement) {
        Supplier<AccessDenied> access = () -> of(session);
        switch (statement) {
            case SqlCreateDatabase s -> access.get().checkDatabase(Privilege.CREATE_PRIV, s.database());
            case SqlDropDatabase s -> access.get().checkDatabase(Privilege.DROP_PRIV, s.database());
            case SqlCreateTable s ->
                    access.get().checkTable(Privilege.CREATE_PRIV, Names.database(session, s.database()), s.table());
            case SqlDropTable s ->
                    access.get().checkTable(Privilege.DROP_PRIV, Names.database(session, s.database()), s.table());
            case SqlAlterTable s ->
                    access.get().checkTable(Privilege.ALTER_PRIV, Names.database(session, s.database()), s.table());
            case SqlTruncateTable s ->
                    access.get().checkTable(Privilege.LOAD_PRIV, Names.database(session, s.database()), s.table());
            case SqlSyncGroupCommit s when s.table() != null ->
                    access.get().checkTable(Privilege.LOAD_PRIV, Names.database(session, s.database()), s.table());
            case SqlShowCreateTable s ->
                    access.get().checkTableVisible(Names.database(session, s.database()), s.table());
            case SqlShowColumns s -> access.get().checkTableVisible(Names.database(session, s.database()), s.table());
            case SqlShowIndex s -> access.get().checkTableVisible(Names.database(session, s.database()), s.table());
            case SqlShowTablets ignored -> access.get().checkAdmin();
            case SqlShowProc ignored -> access.get().checkAdmin();
            case SqlShowTransaction ignored -> access.get().checkAdmin();
            case SqlShowGroupCommit ignored -> access.get().checkAdmin();
            case SqlShowQueryProfile ignored -> access.get().checkAdmin();
            case SqlSetVariables set when set.assignments().stream()
                    .anyMatch(a -> a.scope() == SqlSetVariables.Scope.GLOBAL) -> access.get().checkAdmin();
            default -> {
            }
        }
    }

    /** SELECT_PRIV on every table the plan scans. */
    void checkReads(ShoalSession session, PhysicalPlan plan) {
        AccessDenied access = null;
        Deque<PhysicalNode> pending = new ArrayDeque<>();
        pending.push(plan.root());
        while (!pending.isEmpty()) {
            PhysicalNode node = pending.pop();
            if (node instanceof PhysicalScan scan) {
                if (access == null) {
                    access = of(session);
                }
                access.checkTable(Privilege.SELECT_PRIV, scan.database(), scan.table());
            }
            node.inputs().forEach(pending::push);
        }
    }
}
