package io.shoaldb.testing.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.testing.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash that tears the last WAL append leaves a few bytes after the last acknowledged record. Replay must
 * ignore that tail and load every acknowledged row: 300 async INSERTs whose batch waits for a 60 s interval,
 * SIGKILL, garbage appended to the WAL, restart, all 300 rows are there. Two kinds of garbage: one that reads
 * as a negative record length, one as a small record whose checksum is wrong.
 */
class TornWalTailTest {
    private static final String TABLE = "torn.t";
    private static final int INSERTS = 300;

    @TempDir
    Path dir;

    @Test
    void garbageAfterTheLastAcknowledgedRecordLosesNoRow() throws Exception {
        byte[][] tails = {
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x13, 0x37},
            {6, 0, 0, 0, 'g', 'a', 'r', 'b', 'a', 'g', 1, 2, 3, 4},
        };
        long expected = 0;
        for (int round = 0; round < tails.length; round++) {
            try (ServerProcess server = ServerProcess.start(dir)) {
                try (Connection c = connect(server, ""); Statement s = c.createStatement()) {
                    if (round == 0) {
                        s.execute("CREATE DATABASE torn");
                        s.execute("CREATE TABLE " + TABLE + " (id BIGINT NOT NULL, v VARCHAR(32) NULL) DUPLICATE KEY(id)"
                                + " DISTRIBUTED BY HASH(id) BUCKETS 2 PROPERTIES (\"group_commit_interval_ms\" = \"60000\")");
                    }
                    assertThat(GcSql.count(s, TABLE)).as("round %d before loading", round).isEqualTo(expected);
                }
                try (Connection c = connect(server, "&sessionVariables=group_commit=async_mode");
                        Statement s = c.createStatement()) {
                    for (int i = 0; i < INSERTS; i++) {
                        long id = expected + i;
                        GcSql.Load load = GcSql.insert(s, "INSERT INTO " + TABLE + " VALUES (" + id + ", 'v" + id + "')");
                        assertThat(load.groupCommit()).isTrue();
                    }
                }
                server.kill();
            }
            expected += INSERTS;
            List<Path> wals = liveWals();
            assertThat(wals).as("round %d: the 60 s batch was not committed before the kill", round).hasSize(1);
            Files.write(wals.getFirst(), tails[round], StandardOpenOption.APPEND);
        }
        try (ServerProcess server = ServerProcess.start(dir);
                Connection c = connect(server, "");
                Statement s = c.createStatement()) {
            assertThat(GcSql.count(s, TABLE)).as("acknowledged rows after replay").isEqualTo(expected);
            assertThat(GcSql.longs(s, "SELECT id FROM " + TABLE + " GROUP BY id HAVING count(*) > 1")).isEmpty();
            assertThat(GcSql.groupCommitStatus(s, "torn", "t").getOrDefault("LastReplayFailure", "")).isEmpty();
        }
        try (Stream<Path> files = Files.walk(dir.resolve("data").resolve("wal"))) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".corrupt")).toList())
                    .as("a torn tail is not corruption").isEmpty();
        }
    }

    /** WAL files of the table (named {@code <txnId>_<label>}), excluding the request-id log. */
    private List<Path> liveWals() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("data").resolve("wal"))) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().matches("\\d+_group_commit_.*"))
                    .filter(f -> !f.getFileName().toString().endsWith(".corrupt")).toList();
        }
    }

    private static Connection connect(ServerProcess server, String params) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("", "socketTimeout=60000" + params), "root", "");
    }
}
