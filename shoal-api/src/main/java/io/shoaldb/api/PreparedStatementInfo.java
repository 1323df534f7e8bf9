package io.shoaldb.api;

import java.util.List;

/**
 * What COM_STMT_PREPARE answers.
 *
 * @param statementId the handle for later executions
 * @param parameterCount the number of {@code ?} placeholders
 * @param columns the result columns if known at prepare time (empty for statements without a result set)
 */
public record PreparedStatementInfo(int statementId, int parameterCount, List<ResultColumn> columns) {
}
