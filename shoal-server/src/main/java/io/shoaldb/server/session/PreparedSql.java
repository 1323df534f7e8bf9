package io.shoaldb.server.session;

import io.shoaldb.sql.parser.LiteralInsert;
import org.apache.calcite.sql.SqlNode;

/**
 * A statement parsed once at COM_STMT_PREPARE and kept for every execution.
 *
 * @param sql the text, for the audit log
 * @param node the parsed statement with {@code ?} placeholders
 * @param literalInsert the statement as a literal INSERT, which executions run without the tree; null for others
 * @param parameterCount how many placeholders it has
 */
public record PreparedSql(String sql, SqlNode node, LiteralInsert literalInsert, int parameterCount) {
}
