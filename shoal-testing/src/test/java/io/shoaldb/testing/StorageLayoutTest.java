package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.storage.partition.DataPartitions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data partitions over data paths, tablets spread over them, and what SHOW tells a user about it. */
class StorageLayoutTest {
    @TempDir
    Path dir;

    @Test
    void threeDataPathsHoldTabletsOfEveryTableAndARestartFindsThem() throws Exception {
        String paths = dir.resolve("a") + ";" + dir.resolve("b") + ";" + dir.resolve("c");
        try (TestServer server = TestServer.start(dir, Map.of("storage_root_path", paths))) {
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                assertThat(rows(s, "SHOW PROC '/data_partitions'")).hasSize(3)
                        .extracting(row -> row.get(1))
                        .containsExactly(dir.resolve("a").toString(), dir.resolve("b").toString(),
                                dir.resolve("c").toString());
                s.execute("CREATE DATABASE d");
                s.execute("CREATE TABLE d.t (k INT NOT NULL, v VARCHAR(10)) DUPLICATE KEY(k) "
                        + "DISTRIBUTED BY HASH(k) BUCKETS 6");
                s.execute("CREATE TABLE d.auto (k INT NOT NULL) DISTRIBUTED BY HASH(k) BUCKETS AUTO");
            }
            List<List<String>> before;
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                before = rows(s, "SHOW TABLETS FROM d.t");
                assertThat(before).hasSize(6);
                Set<String> partitionsUsed = new HashSet<>();
                before.forEach(row -> partitionsUsed.add(row.get(2)));
                assertThat(partitionsUsed).containsExactlyInAnyOrder("0", "1", "2");
                assertThat(rows(s, "SHOW TABLETS FROM d.auto")).as("BUCKETS AUTO = one per partition").hasSize(3);
            }
            server.restart();
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                assertThat(rows(s, "SHOW TABLETS FROM d.t")).isEqualTo(before);
            }
        }
    }

    @Test
    void onePathGetsTheAutomaticPartitionCount() throws Exception {
        try (TestServer server = TestServer.start(dir, Map.of("mem_limit", "3G"));
                Connection c = server.connect(); Statement s = c.createStatement()) {
            int expected = DataPartitions.automaticCount(3L << 30, Runtime.getRuntime().availableProcessors());
            assertThat(rows(s, "SHOW PROC '/data_partitions'")).hasSize(expected);
            assertThat(rows(s, "SHOW PROC '/backends'").get(0).get(3)).isEqualTo(Integer.toString(expected));
        }
    }

    @Test
    void aChangedPathListIsRefusedRatherThanLosingData() throws Exception {
        String two = dir.resolve("a") + ";" + dir.resolve("b");
        try (TestServer server = TestServer.start(dir, Map.of("storage_root_path", two))) {
            assertThat(server.port()).isPositive();
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TestServer.start(dir,
                        Map.of("storage_root_path", dir.resolve("a").toString(), "meta_dir",
                                dir.resolve("a").resolve("meta").toString())))
                .hasMessageContaining(dir.resolve("a").toString());
    }

    private static List<List<String>> rows(Statement s, String sql) throws SQLException {
        return ResultRows.of(s, sql);
    }
}
