package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.TestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's JDBC program (PreparedStatement, server-side prepared statements, rewritten batches,
 * {@code sessionVariables=group_commit=async_mode} in the URL): 5 x executeBatch of 10 rows into {@code dt},
 * then SYNC GROUP COMMIT, then 50 rows.
 */
class SeedJdbcProgramTest {
    /** The seed's URL parameters, verbatim (the seed's cache size 500 variant and 50 variant both appear). */
    static final String SEED_URL_PARAMS = "useServerPrepStmts=true&useLocalSessionState=true"
            + "&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999"
            + "&prepStmtCacheSize=500&sessionVariables=group_commit=async_mode";
    private static final String TBL = "dt";
    private static final int INSERT_BATCH_SIZE = 10;

    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(dir);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE db");
            s.execute("USE db");
            s.execute(SeedSessionTest.CREATE_DT);
            s.execute("ALTER TABLE dt SET (\"group_commit_interval_ms\" = \"600000\")");
            s.execute(SeedSessionTest.CREATE_DT.replace("`dt`", "`dt2`"));
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * The seed's groupCommitInsertBatch(), with the test server's port; returns the open group-commit batch
     * (SHOW GROUP COMMIT) after each executeBatch. (Connector/J runs a rewritten batch through an internal
     * statement, so the OK packet's label is not readable from {@code stmt}.)
     */
    private static List<String> groupCommitInsertBatch(String table, String params) throws Exception {
        List<String> labels = new ArrayList<>();
        try (Connection conn = DriverManager.getConnection(server.jdbcUrl("db", params), "root", "")) {
            String query = "insert into " + table + " values(?, ?, ?)";
            try (PreparedStatement stmt = conn.prepareStatement(query)) {
                for (int j = 0; j < 5; j++) {
                    // 10 rows per insert
                    for (int i = 0; i < INSERT_BATCH_SIZE; i++) {
                        stmt.setInt(1, i);
                        stmt.setString(2, "name" + i);
                        stmt.setInt(3, i + 10);
                        stmt.addBatch();
                    }
                    int[] result = stmt.executeBatch();
                    assertThat(Arrays.stream(result).sum()).as("rows of executeBatch " + j)
                            .isIn(INSERT_BATCH_SIZE, Statement.SUCCESS_NO_INFO * INSERT_BATCH_SIZE);
                    try (Statement s = conn.createStatement()) {
                        var status = GcSql.groupCommitStatus(s, "db", table);
                        assertThat(status.get("QueuedRows")).isEqualTo(Integer.toString((j + 1) * INSERT_BATCH_SIZE));
                        assertThat(status.get("WalFiles")).as("async: one WAL for the merged load").isEqualTo("1");
                        labels.add(status.get("OpenLabel"));
                    }
                }
            }
        }
        return labels;
    }

    @Test
    void seedProgramLoadsFiftyRowsThroughGroupCommit() throws Exception {
        List<String> labels = groupCommitInsertBatch(TBL, SEED_URL_PARAMS);
        System.out.println("seed JDBC program labels: " + labels);
        assertThat(labels).allMatch(l -> GcSql.GROUP_COMMIT_LABEL.matcher(l).matches(), "group_commit_ labels");
        assertThat(labels).as("merged: one open batch (long interval)").containsOnly(labels.get(0));
        try (Connection c = DriverManager.getConnection(server.jdbcUrl("db", ""), "root", "");
                Statement s = c.createStatement()) {
            assertThat(GcSql.count(s, TBL)).as("async: not visible before the commit").isZero();
            s.execute("SYNC GROUP COMMIT ON db.dt");
            assertThat(GcSql.count(s, TBL)).isEqualTo(50);
            assertThat(GcSql.longs(s, "select id from dt order by id")).hasSize(50)
                    .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 50)
                            .mapToObj(n -> (long) (n / 5)).toList());
        }
    }

    @Test
    void seedUrlWithNereidsSwitchAndSetStatementVariant() throws Exception {
        // The seed's other spelling: group commit chosen by a SET statement, enable_nereids_planner accepted.
        String params = SEED_URL_PARAMS.replace("sessionVariables=group_commit=async_mode",
                "sessionVariables=group_commit=off_mode,enable_nereids_planner=false");
        try (Connection conn = DriverManager.getConnection(server.jdbcUrl("db", params), "root", "");
                Statement statement = conn.createStatement()) {
            statement.execute("SET group_commit = async_mode;");
            try (PreparedStatement stmt = conn.prepareStatement("insert into dt2 values(?, ?, ?)")) {
                for (int j = 0; j < 5; j++) {
                    for (int i = 0; i < INSERT_BATCH_SIZE; i++) {
                        stmt.setInt(1, j * INSERT_BATCH_SIZE + i);
                        stmt.setString(2, "name" + i);
                        stmt.setInt(3, i + 10);
                        stmt.addBatch();
                    }
                    stmt.executeBatch();
                }
            }
            assertThat(GcSql.groupCommitStatus(statement, "db", "dt2").get("QueuedRows")).isEqualTo("50");
            statement.execute("SYNC GROUP COMMIT");
            assertThat(GcSql.longs(statement, "select id from dt2 order by id"))
                    .containsExactlyElementsOf(java.util.stream.LongStream.range(0, 50).boxed().toList());
        }
    }
}
