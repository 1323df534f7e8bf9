package io.shoaldb.sql.planner;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.common.error.ErrorCode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

/**
 * Checks the table a query reads before Calcite does, so the client gets MySQL's errors (1046 no database,
 * 1049 unknown database, 1146 {@code Table 'db.t' doesn't exist}) with Doris's case-sensitive names.
 */
final class TableResolver {
    private TableResolver() {
    }

    static void check(SqlNode query, CatalogSnapshot catalog, String currentDatabase) {
        SqlNode body = query instanceof SqlOrderBy o ? o.query : query;
        if (!(body instanceof SqlSelect select) || select.getFrom() == null) {
            return;
        }
        SqlNode from = select.getFrom();
        if (from.getKind() == SqlKind.AS) {
            from = ((SqlCall) from).operand(0);
        }
        if (!(from instanceof SqlIdentifier id)) {
            return;
        }
        String db;
        String table;
        if (id.names.size() == 1) {
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
        if (catalog.database(db).isEmpty()) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(db);
        }
        if (catalog.table(db, table).isEmpty()) {
            throw ErrorCode.NO_SUCH_TABLE.exception(db, table);
        }
    }
}
