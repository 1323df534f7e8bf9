package io.shoaldb.sql.planner;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.common.error.ErrorCode;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;

/**
 * Checks every table a query reads - in joins, derived tables, subqueries and CTE bodies - before Calcite
 * does, so the client gets MySQL's errors (1046 no database, 1049 unknown database, 1146 {@code Table 'db.t'
 * doesn't exist}) with Doris's case-sensitive names (system databases such as information_schema match ignoring
 * case, as in MySQL). Names of CTEs in scope are not tables.
 */
final class TableResolver {
    private final CatalogSnapshot catalog;
    private final String currentDatabase;
    private final List<SystemDatabase> systemDatabases;

    private TableResolver(CatalogSnapshot catalog, String currentDatabase, List<SystemDatabase> systemDatabases) {
        this.catalog = catalog;
        this.currentDatabase = currentDatabase;
        this.systemDatabases = systemDatabases;
    }

    static void check(SqlNode query, CatalogSnapshot catalog, String currentDatabase,
            List<SystemDatabase> systemDatabases) {
        new TableResolver(catalog, currentDatabase, systemDatabases).query(query, Set.of());
    }

    private void query(SqlNode node, Set<String> ctes) {
        switch (node) {
            case SqlOrderBy o -> {
                query(o.query, ctes);
                expression(o.orderList, ctes);
            }
            case SqlWith w -> {
                Set<String> names = new HashSet<>(ctes);
                for (SqlNode item : w.withList) {
                    SqlWithItem with = (SqlWithItem) item;
                    query(with.query, names);
                    names.add(with.name.getSimple());
                }
                query(w.body, names);
            }
            case SqlSelect s -> {
                from(s.getFrom(), ctes);
                for (SqlNode part : new SqlNode[] {s.getSelectList(), s.getWhere(), s.getGroup(), s.getHaving(),
                        s.getOrderList()}) {
                    expression(part, ctes);
                }
            }
            case SqlCall call when call.getKind() == SqlKind.UNION || call.getKind() == SqlKind.INTERSECT
                    || call.getKind() == SqlKind.EXCEPT -> call.getOperandList().forEach(o -> query(o, ctes));
            default -> { }
        }
    }

    private void from(SqlNode from, Set<String> ctes) {
        if (from == null) {
            return;
        }
        switch (from) {
            case SqlIdentifier id -> table(id, ctes);
            case SqlJoin join -> {
                from(join.getLeft(), ctes);
                from(join.getRight(), ctes);
                expression(join.getCondition(), ctes);
            }
            case SqlCall call when call.getKind() == SqlKind.AS -> from(call.operand(0), ctes);
            default -> query(from, ctes);
        }
    }

    private void expression(SqlNode node, Set<String> ctes) {
        switch (node) {
            case null -> { }
            case SqlNodeList list -> list.forEach(n -> expression(n, ctes));
            case SqlSelect s -> query(s, ctes);
            case SqlOrderBy o -> query(o, ctes);
            case SqlWith w -> query(w, ctes);
            case SqlCall call -> call.getOperandList().forEach(o -> expression(o, ctes));
            default -> { }
        }
    }

    private void table(SqlIdentifier id, Set<String> ctes) {
        String db;
        String table;
        if (id.names.size() == 1) {
            if (ctes.contains(id.names.get(0))) {
                return;
            }
            if (currentDatabase == null || currentDatabase.isEmpty()) {
                throw ErrorCode.NO_DB_SELECTED.exception();
            }
            db = currentDatabase;
            table = id.names.get(0);
        } else if (id.names.size() == 2) {
            db = id.names.get(0);
            table = id.names.get(1);
        } else {
            throw ErrorCode.NOT_SUPPORTED.exception("catalog-qualified table names (" + id + ")");
        }
        Optional<SystemDatabase> system = SystemDatabase.find(systemDatabases, db);
        if (system.isPresent()) {
            if (system.get().table(table).isEmpty()) {
                throw ErrorCode.NO_SUCH_TABLE.exception(system.get().name(), table);
            }
            return;
        }
        if (catalog.database(db).isEmpty()) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(db);
        }
        if (catalog.table(db, table).isEmpty()) {
            throw ErrorCode.NO_SUCH_TABLE.exception(db, table);
        }
    }
}
