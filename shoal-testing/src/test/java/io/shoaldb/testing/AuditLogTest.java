package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit log ({@code log/shoal.audit.log}): every statement sent as text is recorded; executions of
 * server-side prepared statements only while {@code enable_prepared_stmt_audit_log} is on. The lines are
 * written asynchronously, and a clean shutdown (SIGTERM) writes every one still queued. A query's line is written
 * when its result has been read, with the rows returned and what its scans read; a failure with its error code.
 */
class AuditLogTest {
    @TempDir
    Path dir;

    @Test
    void textStatementsAlwaysPreparedExecutionsOnlyWhenAsked() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir)) {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl("", "useServerPrepStmts=true"), "root", "");
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE audited");
                s.execute("CREATE TABLE audited.t (id INT, note VARCHAR(10)) DUPLICATE KEY(id)"
                        + " DISTRIBUTED BY HASH(id) BUCKETS 1 PROPERTIES ('replication_num' = '1')");
                try (PreparedStatement quiet = c.prepareStatement("INSERT INTO audited.t VALUES (?, 'quiet')")) {
                    quiet.setInt(1, 1);
                    quiet.executeUpdate();
                }
                s.execute("SET enable_prepared_stmt_audit_log = true");
                try (PreparedStatement loud = c.prepareStatement("INSERT INTO audited.t VALUES (?, 'loud')")) {
                    for (int i = 0; i < 3; i++) {
                        loud.setInt(1, 10 + i);
                        loud.executeUpdate();
                    }
                }
                s.executeQuery("SELECT 'last statement'").close();
            }
            assertThat(server.terminate()).isEqualTo(143);
        }
        List<String> lines = Files.readAllLines(dir.resolve("log").resolve("shoal.audit.log"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("kind=query").contains("state=OK")
                .contains("stmt=CREATE DATABASE audited"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("stmt=SET enable_prepared_stmt_audit_log = true"));
        assertThat(lines.stream().filter(l -> l.contains("kind=prepared") && l.contains("'loud'"))).hasSize(3);
        assertThat(lines).noneSatisfy(l -> assertThat(l).contains("kind=prepared").contains("'quiet'"));
        assertThat(lines.getLast()).as("queued lines are written at shutdown").contains("stmt=SELECT 'last statement'");
    }

    @Test
    void queriesAreLoggedWithRowsReturnedRowsScannedAndErrorCodes() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir)) {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl("", ""), "root", "");
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE audited");
                s.execute("CREATE TABLE audited.t (id INT, note VARCHAR(10)) DUPLICATE KEY(id)"
                        + " DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES ('replication_num' = '1')");
                s.execute("INSERT INTO audited.t VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e')");
                int rows = 0;
                try (ResultSet rs = s.executeQuery("SELECT id FROM audited.t WHERE id > 2")) {
                    while (rs.next()) {
                        rows++;
                    }
                }
                assertThat(rows).isEqualTo(3);
                assertThatThrownBy(() -> s.executeQuery("SELECT * FROM audited.missing"))
                        .isInstanceOf(SQLException.class);
            }
            assertThat(server.terminate()).isEqualTo(143);
        }
        List<String> lines = Files.readAllLines(dir.resolve("log").resolve("shoal.audit.log"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("state=OK error_code=0 return_rows=3 scan_rows=5")
                .containsPattern("scan_bytes=[1-9]\\d* query_id=\\d+ stmt=SELECT id FROM audited.t WHERE id > 2$"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("state=ERR error_code=1146 return_rows=0")
                .endsWith("stmt=SELECT * FROM audited.missing"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("state=OK error_code=0 return_rows=0 scan_rows=0")
                .endsWith("stmt=INSERT INTO audited.t VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e')"));
    }
}
