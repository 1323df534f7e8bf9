package io.shoaldb.server.expression;

import io.shoaldb.common.error.ErrorCode;

/** What a constant expression may refer to: the session and, for SHOW ... WHERE, the row's columns. */
public interface EvaluationContext {
    /** {@code @@name}, {@code @@session.name} or (global = true) {@code @@global.name}. */
    Value systemVariable(String name, boolean global);

    String currentDatabase();

    String user();

    String remoteHost();

    /** CURRENT_USER(): the account whose privileges apply, {@code 'user'@'host pattern'}. */
    default String currentAccount() {
        return "'" + user() + "'@'%'";
    }

    long connectionId();

    String serverVersion();

    /** A column of the row being filtered; with no row, an unknown column. */
    default Value column(String name) {
        throw ErrorCode.UNKNOWN_COLUMN.exception(name, "field list");
    }
}
