package io.shoaldb.server.statement;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.session.ShoalSession;

/** Resolves the database a statement means: the one it names, else the session's current one. */
final class Names {
    private Names() {
    }

    static String database(ShoalSession session, String named) {
        if (named != null) {
            return named;
        }
        String current = session.currentDatabase();
        if (current == null) {
            throw ErrorCode.NO_DB_SELECTED.exception();
        }
        return current;
    }
}
