package io.shoaldb.server.session;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.server.variable.GlobalVariables;
import io.shoaldb.server.variable.VariableRegistry;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The prepared statements open in all sessions together (MySQL's {@code Prepared_stmt_count}), bounded by the
 * global {@code max_prepared_stmt_count} as in MySQL: each one holds a parsed statement, so a client that
 * prepares without closing would otherwise grow the heap without bound. Thread-safe.
 */
public final class PreparedStatementCount {
    private final GlobalVariables globals;
    private final AtomicInteger open = new AtomicInteger();

    public PreparedStatementCount(GlobalVariables globals) {
        this.globals = globals;
    }

    /** Counts one more statement, or refuses it with MySQL's error 1461 when the limit is reached. */
    void reserve() {
        int max = Integer.parseInt(globals.get(VariableRegistry.MAX_PREPARED_STMT_COUNT));
        while (true) {
            int n = open.get();
            if (n >= max) {
                throw ErrorCode.TOO_MANY_PREPARED_STATEMENTS.exception(max);
            }
            if (open.compareAndSet(n, n + 1)) {
                return;
            }
        }
    }

    /** {@code count} statements were closed (one, or all of a session that reset or ended). */
    void release(int count) {
        open.addAndGet(-count);
    }

    /** Statements open now, in all sessions. */
    public int open() {
        return open.get();
    }
}
