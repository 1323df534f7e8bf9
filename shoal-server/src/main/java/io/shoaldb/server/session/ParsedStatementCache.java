package io.shoaldb.server.session;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.tree.SqlDorisInsert;
import io.shoaldb.sql.tree.SqlSetNames;
import io.shoaldb.sql.tree.SqlSetVariables;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

/**
 * Parsed statements by their text, shared by all sessions, for the texts clients repeat: the queries a
 * driver sends on every connect ({@code SELECT @@session.auto_increment_increment ...}, {@code SET NAMES}),
 * and prepared INSERTs (go-sql-driver/mysql prepares, executes and closes the same text on every call).
 * Building Calcite's generated parser costs more than running such a statement. Only trees nothing
 * modifies after parsing are kept: INSERTs, SETs and SELECTs without a table (the validator rewrites
 * queries over tables), so one tree serves every session at once.
 */
final class ParsedStatementCache {
    private static final int MAX_ENTRIES = 1024;
    private static final int MAX_SQL_LENGTH = 1 << 20;

    private final Map<String, SqlNode> parsed = new ConcurrentHashMap<>();

    /** The kept tree of {@code sql}, or null when it is not kept (nothing is parsed). */
    SqlNode cached(String sql) {
        return parsed.get(sql);
    }

    /**
     * @param keepInserts whether an INSERT's tree is worth keeping (prepared texts repeat; literal
     *     INSERTs sent as text rarely do, and take the fast path anyway)
     */
    SqlNode parse(String sql, boolean keepInserts) {
        SqlNode cached = parsed.get(sql);
        if (cached != null) {
            return cached;
        }
        SqlNode node = DorisSqlParser.parse(sql);
        // INSERT ... SELECT is not kept: planning its query lets the validator rewrite the tree, which a
        // shared tree must never be.
        boolean keep = (keepInserts && node instanceof SqlDorisInsert insert
                && insert.source().getKind() == SqlKind.VALUES) || isSessionStatement(node);
        if (keep && sql.length() <= MAX_SQL_LENGTH) {
            if (parsed.size() >= MAX_ENTRIES) {
                // Clients repeat few texts; a full cache means texts vary, so start over.
                parsed.clear();
            }
            parsed.put(sql, node);
        }
        return node;
    }

    private static boolean isSessionStatement(SqlNode node) {
        SqlNode query = node instanceof SqlOrderBy orderBy ? orderBy.query : node;
        return node instanceof SqlSetVariables || node instanceof SqlSetNames
                || (query instanceof SqlSelect select && select.getFrom() == null);
    }
}
