package io.shoaldb.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of group-commit loads caught in their wait for the WAL: one real server per test class on
 * {@link HeldWalFsync} files, a database {@code d}, a new async-mode table per test. After each test the fsyncs
 * run and succeed again.
 */
public abstract class HeldWalServerTest {
    @TempDir
    static Path dir;
    protected static HeldWalFsync files;
    protected static TestServer server;
    private static final AtomicInteger tables = new AtomicInteger();

    @BeforeAll
    static void startServer() throws Exception {
        files = new HeldWalFsync();
        server = TestServer.start(dir, Map.of(), files);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE d");
        }
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            files.release();
            server.close();
        }
    }

    @AfterEach
    void heal() {
        files.failing(false);
        files.release();
    }

    /** A new async-mode table in {@code d} (a fresh WAL file each: no earlier fsync covers its records); its name. */
    protected static String asyncTable(Statement s) throws SQLException {
        String name = "t" + tables.incrementAndGet();
        s.execute("CREATE TABLE d." + name + " (id INT NOT NULL, v VARCHAR(10)) DUPLICATE KEY(id) DISTRIBUTED BY"
                + " HASH(id) BUCKETS 1 PROPERTIES ('replication_num' = '1', 'group_commit_mode' = 'async_mode')");
        return name;
    }

    /** The rows of {@code d.table} once every batch of it is committed. */
    protected static long count(Statement s, String table) throws SQLException {
        s.execute("SYNC GROUP COMMIT ON d." + table);
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM d." + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
