package io.shoaldb.server.session;

import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.tree.SqlDorisInsert;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlNode;

/**
 * Parsed INSERT statements by their text, shared by all sessions. go-sql-driver/mysql prepares, executes
 * and closes the same multi-row INSERT on every call; parsing it each time would cost more than loading
 * its rows. Only INSERTs are kept: their trees are never modified after parsing (queries are, by the
 * validator), so one tree can serve every session at once.
 */
final class PreparedInsertCache {
    private static final int MAX_ENTRIES = 512;
    private static final int MAX_SQL_LENGTH = 1 << 20;

    private final Map<String, SqlNode> parsed = new ConcurrentHashMap<>();

    SqlNode parse(String sql) {
        SqlNode cached = parsed.get(sql);
        if (cached != null) {
            return cached;
        }
        SqlNode node = DorisSqlParser.parse(sql);
        if (node instanceof SqlDorisInsert && sql.length() <= MAX_SQL_LENGTH) {
            if (parsed.size() >= MAX_ENTRIES) {
                // Clients reuse few statement texts; a full cache means texts vary, so start over.
                parsed.clear();
            }
            parsed.put(sql, node);
        }
        return node;
    }
}
