package io.shoaldb.protocol.mysql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** A server on an ephemeral port with {@link TestSessions}, and helpers to reach it. */
final class ServerFixture implements AutoCloseable {
    static final String CONNECTOR_J_FLAGS = "useServerPrepStmts=true&useLocalSessionState=true"
            + "&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999"
            + "&prepStmtCacheSize=500&sslMode=DISABLED";

    final TestSessions sessions = new TestSessions();
    final MySqlServer server;

    ServerFixture() {
        this(MySqlServerOptions.defaults("127.0.0.1", 0));
    }

    ServerFixture(MySqlServerOptions options) {
        server = new MySqlServer(sessions, options);
        server.start();
    }

    String mysqlUrl(String database, String flags) {
        return "jdbc:mysql://127.0.0.1:" + server.port() + "/" + (database == null ? "" : database) + "?" + flags;
    }

    Connection connectorJ() throws SQLException {
        return connectorJ("db", CONNECTOR_J_FLAGS);
    }

    Connection connectorJ(String database, String flags) throws SQLException {
        return DriverManager.getConnection(mysqlUrl(database, flags), "root", "");
    }

    Connection mariaDb(String flags) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/db?sslMode=disable"
                + (flags.isEmpty() ? "" : "&" + flags), "alice", "secret");
    }

    /** Waits (bounded) for a condition that another thread makes true, e.g. a session closed after a disconnect. */
    static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
