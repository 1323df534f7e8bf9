package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's curl commands, unchanged but for the port, and the mode precedence (header > table property). */
class SeedCurlTest {
    @TempDir
    Path dir;
    LoadStack stack;

    @BeforeEach
    void start() throws IOException {
        stack = new LoadStack(dir);
        List<ColumnDefinition> columns = List.of(ColumnDefinition.of("id", DataType.INT),
                ColumnDefinition.of("name", DataType.varchar(50)));
        stack.createTable("dt", columns, Map.of());
        stack.createTable("dt_async", columns, Map.of("group_commit_mode", "async_mode"));
        Files.writeString(dir.resolve("data.csv"), "1,Bob\n2,Alice\n3,John\n");
    }

    @AfterEach
    void stop() throws IOException {
        stack.close();
    }

    private Map<String, Object> seedCurl(String table, String... modeHeader) {
        List<String> args = new java.util.ArrayList<>(List.of("--location-trusted", "-u", "root:", "-T", "data.csv"));
        for (String h : modeHeader) {
            args.addAll(List.of("-H", h));
        }
        args.addAll(List.of("-H", "column_separator:,", stack.url(table)));
        return Clients.json(Clients.curl(dir, args.toArray(String[]::new)));
    }

    @Test
    void asyncModeAcknowledgesBeforeVisibilityAndShowsGroupCommit() {
        Map<String, Object> reply = seedCurl("dt", "group_commit:async_mode");
        assertThat(reply).containsEntry("Status", "Success").containsEntry("Message", "OK")
                .containsEntry("GroupCommit", true).containsEntry("NumberTotalRows", 3L)
                .containsEntry("NumberLoadedRows", 3L).containsEntry("NumberFilteredRows", 0L)
                .containsEntry("LoadBytes", 21L).doesNotContainKeys("TwoPhaseCommit", "BeginTxnTimeMs",
                        "CommitAndPublishTimeMs", "ErrorURL");
        assertThat((String) reply.get("Label")).matches("group_commit_[0-9a-f]{16}_[0-9a-f]{16}");
        assertThat((Long) reply.get("TxnId")).isPositive();
        stack.awaitVisible("dt");
        assertThat(stack.rows("dt")).isEqualTo(3);
    }

    @Test
    void syncModeIsVisibleWhenTheReplyArrives() {
        Map<String, Object> reply = seedCurl("dt", "group_commit:sync_mode");
        assertThat(reply).containsEntry("Status", "Success").containsEntry("GroupCommit", true)
                .containsEntry("NumberLoadedRows", 3L);
        assertThat(stack.rows("dt")).isEqualTo(3);
    }

    @Test
    void noHeaderIsANormalLoadWithItsOwnTransaction() {
        Map<String, Object> reply = seedCurl("dt");
        assertThat(reply).containsEntry("Status", "Success").containsEntry("TwoPhaseCommit", "false")
                .containsEntry("NumberLoadedRows", 3L).doesNotContainKey("GroupCommit")
                .containsKeys("BeginTxnTimeMs", "CommitAndPublishTimeMs", "StreamLoadPutTimeMs",
                        "ReadDataTimeMs", "WriteDataTimeMs", "ReceiveDataTimeMs", "LoadTimeMs");
        assertThat((String) reply.get("Label")).doesNotStartWith("group_commit_");
        assertThat(stack.rows("dt")).isEqualTo(3);
    }

    @Test
    void tablePropertyChoosesGroupCommitUnlessTheHeaderSaysOff() {
        assertThat(seedCurl("dt_async")).containsEntry("GroupCommit", true);
        assertThat(seedCurl("dt_async", "group_commit:off_mode")).containsEntry("TwoPhaseCommit", "false")
                .doesNotContainKey("GroupCommit");
        stack.awaitVisible("dt_async");
        assertThat(stack.rows("dt_async")).isEqualTo(6);
    }

    @Test
    void concurrentAsyncLoadsShareOneTransaction() throws Exception {
        int clients = 8;
        var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        var start = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<Map<String, Object>>> replies = new java.util.ArrayList<>();
        for (int i = 0; i < clients; i++) {
            replies.add(pool.submit(() -> {
                start.await();
                return Clients.load(stack.url("dt"), "1,a\n2,b\n", "group_commit:async_mode", "column_separator:,");
            }));
        }
        start.countDown();
        java.util.Set<Object> txnIds = new java.util.HashSet<>();
        for (var f : replies) {
            Map<String, Object> reply = f.get();
            assertThat(reply).containsEntry("Status", "Success");
            txnIds.add(reply.get("TxnId"));
        }
        pool.close();
        assertThat(txnIds.size()).isLessThan(clients); // the default 10 s interval merges them
        stack.awaitVisible("dt");
        assertThat(stack.rows("dt")).isEqualTo(2L * clients);
    }
}
