package io.shoaldb.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GET /metrics shows group commit's and Stream Load's metrics under Doris's names, in Prometheus format. */
class MetricsEndpointTest {
    @TempDir
    Path dir;

    @Test
    void metricsCanBeOpenToScrapersWithoutALogin() throws Exception {
        try (TestServer server = TestServer.start(dir, java.util.Map.of("enable_metrics_auth", "false"))) {
            HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.httpPort() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("wal_total_count");
        }
    }

    @Test
    void groupCommitAndStreamLoadMetricsAreExposed() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE m");
            s.execute("CREATE TABLE m.t (id INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
            s.execute("SET group_commit = sync_mode");
            s.execute("INSERT INTO m.t VALUES (1), (2)");
            URI uri = URI.create("http://127.0.0.1:" + server.httpPort() + "/metrics");
            HttpClient client = HttpClient.newHttpClient();
            assertThat(client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode()).isEqualTo(401);
            String metrics = server.metrics();
            assertThat(metrics).contains("wal_total_count", "wal_max_count_per_table",
                    "group_commit_wal_fail", "group_commit_block_by_memory_counter", "group_commit_batch_rows",
                    "group_commit_commit_latency", "streaming_load_current_processing");
            assertThat(metrics).containsPattern("group_commit_batch_rows_count(\\{[^}]*\\})? 1\\b");
        }
    }

    @Test
    void theMostRowsetsOfATabletShowHowFarCompactionIsBehind() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            assertThat(server.metrics()).containsPattern("(?m)^tablet_max_compaction_score 0\\.0$");
            s.execute("CREATE DATABASE m");
            s.execute("CREATE TABLE m.t (id INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
            s.execute("CREATE TABLE m.u (id INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
            // one transaction and one rowset each; below the compaction trigger, so nothing merges them
            for (int i = 0; i < 3; i++) {
                s.execute("INSERT INTO m.t VALUES (" + i + ")");
            }
            s.execute("INSERT INTO m.u VALUES (1)");
            assertThat(server.metrics()).containsPattern("(?m)^tablet_max_compaction_score 3\\.0$");
        }
    }

    @Test
    void asyncAcknowledgementsShowWhereTheirTimeWent() throws Exception {
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE m");
            s.execute("CREATE TABLE m.t (id INT NOT NULL) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1");
            s.execute("SET group_commit = async_mode");
            s.execute("INSERT INTO m.t VALUES (1)");
            s.execute("INSERT INTO m.t VALUES (2), (3)");
            String metrics = server.metrics();
            assertThat(metrics).containsPattern("group_commit_async_join_latency_seconds_count(\\{[^}]*\\})? 2\\b")
                    .containsPattern("group_commit_async_wal_wait_seconds_count(\\{[^}]*\\})? 2\\b")
                    .contains("group_commit_async_wal_wait_seconds{quantile=\"0.99\"");
        }
    }
}
