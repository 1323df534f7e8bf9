package io.shoaldb.protocol.http;

import io.shoaldb.api.LoadService;
import io.shoaldb.api.StreamLoadRequest;
import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.api.TwoPhaseCommitResult;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.protocol.http.body.BodyStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/** A load service that reads the whole body, counts lines and bytes, and can be told to throw or to wait. */
final class FakeLoadService implements LoadService {
    final List<StreamLoadRequest> requests = new CopyOnWriteArrayList<>();
    final List<Map<String, String>> twoPhaseHeaders = new CopyOnWriteArrayList<>();
    /** Completed with the IOException a body read threw, if any. */
    final CompletableFuture<IOException> readFailure = new CompletableFuture<>();
    /** Completed with the number of bytes read once a load finished reading. */
    final CompletableFuture<Long> bodyDone = new CompletableFuture<>();
    final AtomicLong maxQueuedBytes = new AtomicLong();
    final AtomicLong reads = new AtomicLong();
    volatile ShoalException toThrow;
    /** When set, the load waits for it before reading the body. */
    volatile CountDownLatch gate;
    /** Completed when a load starts (after the request head was accepted). */
    final CompletableFuture<StreamLoadRequest> started = new CompletableFuture<>();
    /** Per load, in order: the body bytes already received when it started. */
    final LinkedBlockingQueue<Long> availableAtStart = new LinkedBlockingQueue<>();
    /** When set, a load reads its body and then ends only once this completes, as a group-commit wait does. */
    volatile CompletableFuture<Void> ending;
    /** Per load, in order: the thread that ran it, which must end before a held load does. */
    final LinkedBlockingQueue<Thread> loadThreads = new LinkedBlockingQueue<>();
    volatile Map<String, Long> walSizes = new LinkedHashMap<>(Map.of("127.0.0.1:9050", 3L));
    volatile List<String> healthProblems = List.of();

    @Override
    public StreamLoadResult streamLoad(StreamLoadRequest request, InputStream body) {
        requests.add(request);
        try {
            availableAtStart.add((long) body.available());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        started.complete(request);
        if (toThrow != null) {
            throw toThrow;
        }
        CountDownLatch g = gate;
        if (g != null) {
            try {
                g.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long bytes = 0;
        long lines = 0;
        byte[] buffer = new byte[8192];
        try {
            int n;
            while ((n = body.read(buffer)) >= 0) {
                reads.incrementAndGet();
                bytes += n;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
                if (body instanceof BodyStream stream) {
                    maxQueuedBytes.accumulateAndGet(stream.maxQueuedBytes(), Math::max);
                }
            }
        } catch (IOException e) {
            readFailure.complete(e);
            throw new UncheckedIOException(e);
        }
        bodyDone.complete(bytes);
        boolean groupCommit = request.header("group_commit") != null
                && !"off_mode".equals(request.header("group_commit"));
        String label = groupCommit ? "group_commit_c84d2099208436ab_96e33fda01eddba8"
                : request.headers().getOrDefault("label", "b6f3bc78-0d2c-45d9-9e4c-faa0a0149bee");
        return new StreamLoadResult(groupCommit ? 7009 : 1003, label, request.headers().getOrDefault("comment", ""),
                groupCommit, false, "Success", null, "OK", lines, lines, 0, 0, bytes, 35, groupCommit ? -1 : 1, 2, 3, 4,
                5, groupCommit ? -1 : 6, null, null);
    }

    @Override
    public CompletableFuture<StreamLoadResult> streamLoadAsync(StreamLoadRequest request, InputStream body,
            Executor completions) {
        loadThreads.add(Thread.currentThread());
        CompletableFuture<StreamLoadResult> read = LoadService.super.streamLoadAsync(request, body, completions);
        CompletableFuture<Void> end = ending;
        return end == null ? read : end.thenComposeAsync(ended -> read, completions);
    }

    @Override
    public TwoPhaseCommitResult twoPhaseCommit(String user, String clientHost, String database,
            Map<String, String> headers) {
        twoPhaseHeaders.add(headers);
        return new TwoPhaseCommitResult("Success",
                "transaction [" + headers.get("txn_id") + "] " + headers.get("txn_operation") + " successfully.");
    }

    @Override
    public String loadErrorLog(String file) {
        return file.equals("__shard_0/error_log_1") ? "Reason: too many columns. src line [1,2,3];\n" : null;
    }

    @Override
    public Map<String, Long> walSizes() {
        return walSizes;
    }

    @Override
    public List<String> healthProblems() {
        return healthProblems;
    }
}
