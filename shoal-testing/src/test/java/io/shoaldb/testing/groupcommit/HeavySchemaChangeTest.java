package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A column type change is a heavy schema change: it first drains the rows group commit already accepted
 * (committing them under the old schema), then applies; a change the stored data cannot follow is refused.
 */
class HeavySchemaChangeTest {
    @TempDir
    Path dir;

    @Test
    void modifyColumnDrainsPendingAsyncRowsThenApplies() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE h");
            s.execute("USE h");
            s.execute("CREATE TABLE t (id INT NOT NULL, v VARCHAR(5), n SMALLINT) DUPLICATE KEY(id) "
                    + "DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES (\"group_commit_interval_ms\" = \"600000\")");
            s.execute("SET group_commit = async_mode");
            s.execute("INSERT INTO t VALUES (1, 'short', 1), (2, 'x', 2)");
            assertThat(count(s)).as("async rows wait for the 10-minute interval").isZero();
            s.execute("ALTER TABLE t MODIFY COLUMN v VARCHAR(20) NULL");
            assertThat(count(s)).as("the change committed the pending rows first").isEqualTo(2);
            s.execute("INSERT INTO t VALUES (3, 'now much longer', 3)");
            s.execute("SYNC GROUP COMMIT ON t");
            try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = 3")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("now much longer");
            }
            s.execute("ALTER TABLE t MODIFY COLUMN n INT NULL");
            assertThatThrownBy(() -> s.execute("ALTER TABLE t MODIFY COLUMN n BIGINT NULL"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("rewritten");
                    });
            assertThat(count(s)).isEqualTo(3);
        }
    }

    private static long count(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
