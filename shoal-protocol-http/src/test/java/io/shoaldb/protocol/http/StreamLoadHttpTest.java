package io.shoaldb.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drives the real server with curl, java.net.http and raw sockets. */
class StreamLoadHttpTest {
    static LeakWatcher leaks;
    ServerFixture fx;
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    @TempDir
    Path dir;

    @BeforeAll
    static void watchLeaks() {
        leaks = LeakWatcher.install();
    }

    @AfterAll
    static void noLeaks() {
        assertThat(leaks.collect()).as("Netty buffer leaks").isEmpty();
    }

    @BeforeEach
    void start() {
        fx = ServerFixture.standard();
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    private Path csv(String content) throws IOException {
        Path file = dir.resolve("data.csv");
        Files.writeString(file, content);
        return file;
    }

    @Test
    void curlGroupCommitLoadAsInTheDocs() throws Exception {
        csv("1,a\n2,b\n3,c\n");
        var r = ServerFixture.curl(dir, "--location-trusted", "-u", "root:", "-T", "data.csv",
                "-H", "group_commit:async_mode", "-H", "column_separator:,", fx.url("/api/db/dt/_stream_load"));
        assertThat(r.status()).isEqualTo(200);
        Map<String, Object> json = Json.object(r.body());
        assertThat(json.keySet()).containsExactly("TxnId", "Label", "Comment", "GroupCommit", "Status", "Message",
                "NumberTotalRows", "NumberLoadedRows", "NumberFilteredRows", "NumberUnselectedRows", "LoadBytes",
                "LoadTimeMs", "StreamLoadPutTimeMs", "ReadDataTimeMs", "WriteDataTimeMs", "ReceiveDataTimeMs");
        assertThat(json).containsEntry("GroupCommit", true).containsEntry("Status", "Success")
                .containsEntry("NumberLoadedRows", 3L).containsEntry("LoadBytes", 12L).containsEntry("TxnId", 7009L);
        var request = fx.loads.requests.getFirst();
        assertThat(request.user()).isEqualTo("root");
        assertThat(request.database()).isEqualTo("db");
        assertThat(request.table()).isEqualTo("dt");
        assertThat(request.contentLength()).isEqualTo(12);
        assertThat(request.headers()).containsEntry("group_commit", "async_mode")
                .containsEntry("column_separator", ",").doesNotContainKey("authorization");
    }

    @Test
    void curlExpectContinueGetsHundredOnlyAfterAuthAndTheLoadSucceeds() throws Exception {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            data.append(i).append(",name").append(i).append('\n');
        }
        csv(data.toString()); // > 1 MiB: curl sends Expect: 100-continue on its own
        var r = ServerFixture.curl(dir, "-v", "--location-trusted", "-u", "root:", "-T", "data.csv",
                "-H", "label:l1", fx.url("/api/db/t1/_stream_load"));
        assertThat(r.stderr()).contains("Expect: 100-continue").contains("HTTP/1.1 100 Continue");
        assertThat(r.status()).isEqualTo(200);
        Map<String, Object> json = Json.object(r.body());
        assertThat(json.keySet()).containsExactly("TxnId", "Label", "Comment", "TwoPhaseCommit", "Status", "Message",
                "NumberTotalRows", "NumberLoadedRows", "NumberFilteredRows", "NumberUnselectedRows", "LoadBytes",
                "LoadTimeMs", "BeginTxnTimeMs", "StreamLoadPutTimeMs", "ReadDataTimeMs", "WriteDataTimeMs",
                "ReceiveDataTimeMs", "CommitAndPublishTimeMs");
        assertThat(json).containsEntry("TwoPhaseCommit", "false").containsEntry("Label", "l1")
                .containsEntry("NumberLoadedRows", 200_000L);
    }

    @Test
    void curlWithWrongPasswordGets401WithoutSendingTheBody() throws Exception {
        csv("x".repeat(2 << 20));
        var r = ServerFixture.curl(dir, "-v", "--location-trusted", "-u", "root:wrong", "-T", "data.csv",
                fx.url("/api/db/t/_stream_load"));
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.stderr().toLowerCase(java.util.Locale.ROOT)).contains("www-authenticate: basic").doesNotContain("100 Continue");
        Map<String, Object> json = Json.object(r.body());
        assertThat(json).containsEntry("Status", "Fail")
                .containsEntry("Message", "Access denied for user 'root'@'127.0.0.1' (using password: YES)");
        assertThat(fx.loads.requests).isEmpty();
    }

    @Test
    void missingCredentialsIsDorisNoValidBasicAuthorization() throws Exception {
        var response = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/db/t/_stream_load")))
                .PUT(HttpRequest.BodyPublishers.ofString("1\n")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("www-authenticate")).hasValueSatisfying(
                v -> assertThat(v).startsWith("Basic realm="));
        assertThat(Json.object(response.body())).containsEntry("Message", "no valid Basic authorization");
    }

    @Test
    void passwordsMayContainColons() throws Exception {
        var response = put("/api/db/t/_stream_load", ServerFixture.basic("alice", "s:ecret"),
                HttpRequest.BodyPublishers.ofString("1\n2\n"));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(fx.loads.requests.getFirst().user()).isEqualTo("alice");
    }

    @Test
    void fixedLengthAndChunkedBodiesBothStream() throws Exception {
        var fixed = put("/api/db/t/_stream_load", root(), HttpRequest.BodyPublishers.ofString("a\nb\n"));
        assertThat(Json.object(fixed.body())).containsEntry("NumberLoadedRows", 2L);
        assertThat(fx.loads.requests.getLast().contentLength()).isEqualTo(4);

        // ofInputStream has no known length, so java.net.http sends Transfer-Encoding: chunked
        var chunked = put("/api/db/t/_stream_load", root(), HttpRequest.BodyPublishers.ofInputStream(
                () -> new java.io.ByteArrayInputStream("x\ny\nz\n".getBytes(StandardCharsets.UTF_8))));
        assertThat(Json.object(chunked.body())).containsEntry("NumberLoadedRows", 3L).containsEntry("LoadBytes", 6L);
        assertThat(fx.loads.requests.getLast().contentLength()).isEqualTo(-1);
        assertThat(fx.loads.requests.getLast().headers()).containsEntry("transfer-encoding", "chunked");
    }

    @Test
    void aSmallBodyArrivesWholeBeforeItsLoadStartsALargeOneDoesNot() throws Exception {
        byte[] small = "0123456789abcde\n".repeat(1 << 14).getBytes(StandardCharsets.US_ASCII); // 256 KiB
        var response = put("/api/db/t/_stream_load", root(), HttpRequest.BodyPublishers.ofByteArray(small));
        assertThat(Json.object(response.body())).containsEntry("LoadBytes", (long) small.length);
        // the load's thread started once, with every byte of the body there to read
        assertThat(fx.loads.availableAtStart.poll(10, TimeUnit.SECONDS)).isEqualTo(small.length);

        // 2 MiB announced, 10 bytes sent: the load starts at once and streams, as every large body does
        String head = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nContent-Length: 2097152\r\n\r\n0123456789";
        Thread client = Thread.ofVirtual().start(() -> {
            try {
                fx.raw(head.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(30));
            } catch (IOException closed) {
                // the fixture closes the server, and this connection, when the test ends
            }
        });
        assertThat(fx.loads.availableAtStart.poll(10, TimeUnit.SECONDS)).isLessThanOrEqualTo(10);
        assertThat(client.isAlive()).isTrue(); // no reply: the load waits for the rest of the body
    }

    @Test
    void threeHundredMegabytesStreamWithBoundedBuffering() throws Exception {
        long total = 300L << 20;
        Runtime rt = Runtime.getRuntime();
        var response = put("/api/db/t/_stream_load", root(),
                HttpRequest.BodyPublishers.ofInputStream(() -> new GeneratedLines(total)));
        Map<String, Object> json = Json.object(response.body());
        assertThat(json).containsEntry("LoadBytes", total).containsEntry("Status", "Success");
        assertThat(json.get("NumberLoadedRows")).isEqualTo(total / 64);
        // never more than the high-water mark plus one read's worth of chunks was queued: no whole-body buffering
        assertThat(fx.loads.maxQueuedBytes.get()).isLessThan(8L << 20);
        assertThat(fx.loads.reads.get()).isGreaterThan(1000);
        // and the surefire heap is capped at 512 MiB, so a body held whole (300 MiB + copies) could not fit
        assertThat(rt.maxMemory()).isLessThan(600L << 20);
    }

    @Test
    void slowConsumerPausesReadsInsteadOfQueueing() throws Exception {
        fx.loads.gate = new CountDownLatch(1);
        long total = 64L << 20;
        var pending = client.sendAsync(HttpRequest.newBuilder(URI.create(fx.url("/api/db/t/_stream_load")))
                .header("Authorization", root())
                .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new GeneratedLines(total))).build(),
                HttpResponse.BodyHandlers.ofString());
        fx.loads.started.get(10, TimeUnit.SECONDS);
        // the consumer is blocked: whatever arrives meanwhile is capped by back-pressure; then let it go
        fx.loads.gate.countDown();
        var response = pending.get(60, TimeUnit.SECONDS);
        assertThat(Json.object(response.body())).containsEntry("LoadBytes", total);
        assertThat(fx.loads.maxQueuedBytes.get()).isLessThan(8L << 20);
    }

    @Test
    void loadServiceErrorsAreJsonFailWithHttp200() throws Exception {
        fx.loads.toThrow = ErrorCode.NO_SUCH_TABLE.exception("db", "nope");
        var response = put("/api/db/nope/_stream_load", root(), HttpRequest.BodyPublishers.ofString("1\n"));
        assertThat(response.statusCode()).isEqualTo(200);
        Map<String, Object> json = Json.object(response.body());
        assertThat(json).containsEntry("Status", "Fail").containsEntry("Message", "Table 'db.nope' doesn't exist")
                .containsEntry("TxnId", -1L).containsEntry("TwoPhaseCommit", "false");
        // the server still serves
        assertThat(put("/api/db/t/_stream_load", root(), HttpRequest.BodyPublishers.ofString("")).statusCode())
                .isEqualTo(200);
    }

    /** A load that ends after its thread did answers from its end: its result, or its failure as a Fail reply. */
    @Test
    void aLoadEndingAfterItsThreadAnswersWhenItEnds() throws Exception {
        CompletableFuture<Void> ending = new CompletableFuture<>();
        fx.loads.ending = ending;
        var pending = client.sendAsync(HttpRequest.newBuilder(URI.create(fx.url("/api/db/t/_stream_load")))
                .header("Authorization", root()).PUT(HttpRequest.BodyPublishers.ofString("1\n2\n")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fx.loads.bodyDone.get(10, TimeUnit.SECONDS)).isEqualTo(4L);
        assertThat(fx.loads.loadThreads.poll(10, TimeUnit.SECONDS).join(Duration.ofSeconds(10))).isTrue();
        assertThat(pending).as("no reply before the load ends").isNotDone();
        ending.completeExceptionally(ErrorCode.NO_SUCH_TABLE.exception("db", "gone"));
        var response = pending.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Json.object(response.body())).containsEntry("Status", "Fail")
                .containsEntry("Message", "Table 'db.gone' doesn't exist");

        CompletableFuture<Void> next = new CompletableFuture<>();
        fx.loads.ending = next;
        var second = client.sendAsync(HttpRequest.newBuilder(URI.create(fx.url("/api/db/t/_stream_load")))
                .header("Authorization", root()).PUT(HttpRequest.BodyPublishers.ofString("1\n2\n3\n")).build(),
                HttpResponse.BodyHandlers.ofString());
        fx.loads.loadThreads.poll(10, TimeUnit.SECONDS).join(Duration.ofSeconds(10));
        next.complete(null);
        assertThat(Json.object(second.get(10, TimeUnit.SECONDS).body())).containsEntry("Status", "Success")
                .containsEntry("NumberLoadedRows", 3L);
    }

    @Test
    void curlSeesTheFailureWhenTheLoadFailsBeforeReadingItsBody() throws Exception {
        fx.loads.toThrow = ErrorCode.NO_SUCH_TABLE.exception("db", "nope");
        csv("y".repeat(8 << 20));
        var r = ServerFixture.curl(dir, "--location-trusted", "-u", "root:", "-T", "data.csv",
                fx.url("/api/db/nope/_stream_load"));
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.status()).isEqualTo(200);
        assertThat(Json.object(r.body())).containsEntry("Status", "Fail")
                .containsEntry("Message", "Table 'db.nope' doesn't exist");
    }

    @Test
    void unknownPathsAre404AndWrongMethods405() throws Exception {
        var notFound = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/nothing/here/at/all"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(Json.object(notFound.body())).containsEntry("code", 404L).containsEntry("msg", "Not Found");

        var wrongMethod = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/db/t/_stream_load"))).GET()
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(wrongMethod.statusCode()).isEqualTo(405);
        assertThat(wrongMethod.headers().firstValue("allow")).hasValue("PUT");
        assertThat(Json.object(wrongMethod.body())).containsEntry("code", 405L);
    }

    @Test
    void pathTricksInNamesAre400NeverInterpreted() throws Exception {
        for (String path : List.of("/api/a%2Fb/t/_stream_load", "/api/db/..%2F..%2Fetc/_stream_load",
                "/api/%2e%2e/t/_stream_load", "/api/db/t%00x/_stream_load", "/api/db/t%0A/_stream_load",
                "/api/db/" + "x".repeat(65) + "/_stream_load")) {
            var response = put(path, root(), HttpRequest.BodyPublishers.ofString("1\n"));
            assertThat(response.statusCode()).as(path).isEqualTo(400);
            assertThat((String) Json.object(response.body()).get("Message")).as(path).startsWith("Incorrect ");
        }
        assertThat(fx.loads.requests).isEmpty();
        var ok = put("/api/my%20db/t+1/_stream_load", root(), HttpRequest.BodyPublishers.ofString("1\n"));
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(fx.loads.requests.getFirst().database()).isEqualTo("my db");
        assertThat(fx.loads.requests.getFirst().table()).isEqualTo("t+1");
    }

    @Test
    void forwardEndpointIsDisabledByDefault() throws Exception {
        var response = put("/api/db/t/_stream_load_forward?forward_to=127.0.0.1:8040", root(),
                HttpRequest.BodyPublishers.ofString("1\n"));
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).isEqualTo(
                "Stream load forward is disabled. Set enable_group_commit_streamload_be_forward=true to enable.");
    }

    @Test
    void forwardEndpointWhenEnabledSaysNotImplemented() throws Exception {
        fx.close();
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 10240, true));
        var response = put("/api/db/t/_stream_load_forward?forward_to=127.0.0.1:8040", root(),
                HttpRequest.BodyPublishers.ofString("1\n"));
        assertThat(response.statusCode()).isEqualTo(501);
        assertThat(response.body()).contains("scale-out").contains("/api/db/t/_stream_load");
        var anonymous = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/db/t/_stream_load_forward")))
                .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(anonymous.statusCode()).isEqualTo(401);
    }

    @Test
    void metricsShowStreamLoadsInPrometheusFormat() throws Exception {
        put("/api/db/t/_stream_load", root(), HttpRequest.BodyPublishers.ofString("1\n2\n"));
        assertThat(get("/metrics", null).statusCode()).isEqualTo(401);
        assertThat(get("/metrics", ServerFixture.basic("alice", "s:ecret")).statusCode()).isEqualTo(403);
        var response = get("/metrics", root());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue(HttpMetrics.CONTENT_TYPE);
        assertThat(response.body())
                .contains("streaming_load_requests_total{status=\"Success\"} 1.0")
                .contains("streaming_load_rows_loaded_total{status=\"Success\"} 2.0")
                .contains("streaming_load_bytes_loaded_total{status=\"Success\"} 4.0")
                .contains("streaming_load_duration_ms_total{status=\"Success\"}")
                .contains("streaming_load_current_processing 0.0");
    }

    @Test
    void healthHasTheFeShapeOnHttpPortAndTheBeShapeOnWebserverPort() throws Exception {
        var fe = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/health"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fe.body()).isEqualTo(
                "{\"msg\":\"success\",\"code\":0,\"data\":{\"online_backend_num\":1,\"total_backend_num\":1},\"count\":0}");
        var be = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + fx.server.port(1)
                + "/api/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(Json.object(be.body())).containsEntry("status", "OK");
    }

    @Test
    void healthIs503WithTheReasonsWhenTheNodeCannotKeepItsDurabilityPromise() throws Exception {
        fx.loads.healthProblems = List.of("the transaction commit log failed", "WAL directory /w is distressed");
        var fe = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/health"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fe.statusCode()).isEqualTo(503);
        assertThat(Json.object(fe.body())).containsEntry("code", 503L)
                .containsEntry("msg", "the transaction commit log failed; WAL directory /w is distressed");
        var be = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + fx.server.port(1)
                + "/api/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(be.statusCode()).isEqualTo(503);
        assertThat(Json.object(be.body())).containsEntry("status", "Unavailable")
                .containsEntry("msg", "the transaction commit log failed; WAL directory /w is distressed");
        fx.loads.healthProblems = List.of();
        assertThat(client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/health"))).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }

    @Test
    void walSizeInTheFeFormat() throws Exception {
        fx.loads.walSizes = new java.util.LinkedHashMap<>(Map.of("10.0.0.1:9050", 1L));
        fx.loads.walSizes.put("10.0.0.2:9050", 0L);
        var all = get("/api/get_wal_size", root());
        assertThat(Json.object(all.body())).containsEntry("msg", "OK").containsEntry("code", 0L)
                .containsEntry("data", List.of("10.0.0.1:9050:1", "10.0.0.2:9050:0")).containsEntry("count", 0L);
        var some = get("/api/get_wal_size?host_ports=10.0.0.2:9050", root());
        assertThat(Json.object(some.body())).containsEntry("data", List.of("10.0.0.2:9050:0"));
        assertThat(get("/api/get_wal_size?host_ports=1.2.3.4:1", root()).statusCode()).isEqualTo(400);
        assertThat(get("/api/get_wal_size", null).statusCode()).isEqualTo(401);
        var notAdmin = get("/api/get_wal_size", ServerFixture.basic("alice", "s:ecret"));
        assertThat(notAdmin.statusCode()).isEqualTo(403);
        assertThat(notAdmin.body()).contains("you need (at least one of) the (ADMIN) privilege(s)");
    }

    @Test
    void errorLogIsPlainText() throws Exception {
        var found = get("/api/_load_error_log?file=__shard_0/error_log_1", root());
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(found.body()).startsWith("Reason: too many columns");
        assertThat(get("/api/_load_error_log?file=__shard_0/error_log_1", null).statusCode()).isEqualTo(401);
        assertThat(get("/api/_load_error_log?file=__shard_0/error_log_1", ServerFixture.basic("alice", "s:ecret"))
                .statusCode()).isEqualTo(403);
        assertThat(get("/api/_load_error_log?file=__shard_0/none", root()).statusCode()).isEqualTo(404);
        assertThat(get("/api/_load_error_log", root()).statusCode()).isEqualTo(400);
        assertThat(get("/api/_load_error_log?file=../../etc/passwd", root()).statusCode()).isEqualTo(400);
    }

    @Test
    void twoPhaseCommitPassesTxnHeaders() throws Exception {
        var response = client.send(HttpRequest.newBuilder(URI.create(fx.url("/api/db/_stream_load_2pc")))
                .header("Authorization", root()).header("txn_id", "18037").header("txn_operation", "commit")
                .PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(
                "{\n    \"status\": \"Success\",\n    \"msg\": \"transaction [18037] commit successfully.\"\n}\n");
        assertThat(fx.loads.twoPhaseHeaders.getFirst()).containsEntry("txn_id", "18037")
                .containsEntry("txn_operation", "commit").doesNotContainKey("authorization");
    }

    @Test
    void clientDisconnectMidBodyFailsTheLoadStream() throws Exception {
        String head = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nContent-Length: 1000\r\n\r\n0123456789";
        fx.raw(head.getBytes(StandardCharsets.US_ASCII), true, Duration.ofSeconds(5));
        IOException failure = fx.loads.readFailure.get(10, TimeUnit.SECONDS);
        assertThat(failure).hasMessageContaining("client closed the connection after 10 of 1000 body bytes");
        assertThat(fx.loads.bodyDone).isNotDone();
        assertThat(put("/api/db/t/_stream_load", root(), HttpRequest.BodyPublishers.ofString("1\n")).statusCode())
                .isEqualTo(200);
    }

    @Test
    void bothContentLengthAndChunkedAre400() throws Exception {
        String request = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
        String reply = fx.raw(request.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        assertThat(reply).startsWith("HTTP/1.1 400").contains("please do not set both content_length and transfer-encoding");
        assertThat(fx.loads.requests).isEmpty();
    }

    @Test
    void missingLengthIsRefusedWithDorisText() throws Exception {
        String request = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root() + "\r\n\r\n";
        String reply = fx.raw(request.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        assertThat(reply).startsWith("HTTP/1.1 400").contains("content_length is empty and transfer-encoding!=chunked");
    }

    @Test
    void bodyOverTheLimitIsRefusedBeforeItIsSent() throws Exception {
        fx.close();
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 1, false));
        String request = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nExpect: 100-continue\r\nContent-Length: 2097152\r\n\r\n";
        String reply = fx.raw(request.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        assertThat(reply).startsWith("HTTP/1.1 413").doesNotContain("100 Continue").contains(
                "body size 2097152 exceed BE's conf `streaming_load_max_mb` 1048576. increase it if you are sure this"
                        + " load is reasonable");
        // a chunked body learns it mid-way: the load fails with the same text
        var chunked = put("/api/db/t/_stream_load", root(),
                HttpRequest.BodyPublishers.ofInputStream(() -> new GeneratedLines(3L << 20)));
        Map<String, Object> json = Json.object(chunked.body());
        assertThat(json).containsEntry("Status", "Fail");
        assertThat((String) json.get("Message")).contains("exceed BE's conf `streaming_load_max_mb` 1048576");
    }

    @Test
    void stalledBodyAbortsTheLoadWithAClearMessage() throws Exception {
        fx.close();
        fx = new ServerFixture(new HttpServerOptions("127.0.0.1", List.of(0), 10240, false)
                .withBodyIdleTimeout(Duration.ofMillis(500)));
        String request = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nContent-Length: 1000\r\n\r\n0123456789";
        String reply = fx.raw(request.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(20));
        assertThat(reply).startsWith("HTTP/1.1 200").contains("\"Status\": \"Fail\"")
                .contains("stream load body stalled: no data received for 500 ms after 10 bytes").containsIgnoringCase("connection: close");
        assertThat(fx.loads.readFailure.get(10, TimeUnit.SECONDS)).hasMessageContaining("stalled");
    }

    @Test
    void headerFloodIs431AndMalformedRequestIs400() throws Exception {
        StringBuilder flood = new StringBuilder("GET /api/health HTTP/1.1\r\nHost: x\r\n");
        for (int i = 0; i < 2000; i++) {
            flood.append("X-Flood-").append(i).append(": ").append("y".repeat(20)).append("\r\n");
        }
        flood.append("\r\n");
        assertThat(fx.raw(flood.toString().getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10)))
                .startsWith("HTTP/1.1 431");
        assertThat(fx.raw("NOT-HTTP\r\n\r\n".getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10)))
                .startsWith("HTTP/1.1 400");
        String badChunk = "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n";
        String reply = fx.raw(badChunk.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        assertThat(reply).contains("\"Status\": \"Fail\"").contains("Malformed HTTP request");
        assertThat(get("/api/health", null).statusCode()).isEqualTo(200);
    }

    @Test
    void keepAliveServesSeveralRequestsOnOneConnection() throws Exception {
        String two = "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"
                + "PUT /api/db/t/_stream_load HTTP/1.1\r\nHost: x\r\nAuthorization: " + root()
                + "\r\nContent-Length: 2\r\n\r\n1\n"
                + "GET /api/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        String replies = fx.raw(two.getBytes(StandardCharsets.US_ASCII), false, Duration.ofSeconds(10));
        assertThat(replies.split("HTTP/1.1 ", -1)).hasSize(4);
        assertThat(replies).contains("HTTP/1.1 200").contains("\"NumberLoadedRows\": 1").contains("HTTP/1.1 404");
    }

    @Test
    void aTakenPortIsAClearError() {
        int taken = fx.server.port(0);
        HttpServer second = new HttpServer(new HttpServerOptions("127.0.0.1", List.of(0, taken), 10240, false),
                ServerFixture.AUTH, ServerFixture.ACCESS, fx.loads, fx.metrics);
        assertThatThrownBy(second::start).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("127.0.0.1:" + taken).hasMessageContaining("webserver_port");
        second.close();
        second.close(); // idempotent
    }

    private static String root() {
        return ServerFixture.basic("root", "");
    }

    private HttpResponse<String> put(String path, String auth, HttpRequest.BodyPublisher body)
            throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(fx.url(path))).PUT(body)
                .timeout(Duration.ofSeconds(120));
        if (auth != null) {
            builder.header("Authorization", auth);
        }
        return client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String auth) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(fx.url(path))).GET();
        if (auth != null) {
            builder.header("Authorization", auth);
        }
        return client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** {@code total} bytes of 64-byte CSV lines, generated as read: nothing of the body exists in memory. */
    static final class GeneratedLines extends InputStream {
        private static final byte[] LINE = ("123456,abcdefghijklmnopqrstuvwxyz,abcdefghijklmnopqrstuvwxyz,xy\n")
                .getBytes(StandardCharsets.US_ASCII);
        private final long total;
        private long position;

        GeneratedLines(long total) {
            this.total = total;
        }

        @Override
        public int read() {
            if (position >= total) {
                return -1;
            }
            return LINE[(int) (position++ % LINE.length)];
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= total) {
                return -1;
            }
            int n = (int) Math.min(len, total - position);
            for (int i = 0; i < n; i++) {
                b[off + i] = LINE[(int) ((position + i) % LINE.length)];
            }
            position += n;
            return n;
        }
    }
}
