package io.shoaldb.tools.streamloader;

import io.shoaldb.tools.http.StreamLoadConnection;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends one chunk as a Stream Load and retries only where a retry cannot load the rows twice:
 * <ul>
 *   <li>normal loads carry a label {@code <prefix>_<chunk>}: any failure (connection, 5xx, Fail) is retried with
 *       exponential back-off, and a retry answered {@code Label Already Exists} / {@code FINISHED} means the first
 *       attempt did commit: success;</li>
 *   <li>group-commit loads cannot carry a label (it turns group commit off), so a request whose fate is unknown
 *       (sent, no reply) is not retried; only a connection refused before anything was sent is.</li>
 * </ul>
 * Each worker has its own client, so its own persistent connection.
 */
final class LoadClient implements AutoCloseable {
    /** The outcome of one chunk. */
    record Outcome(boolean ok, long loadedRows, long filteredRows, String message) {
    }

    private static final Pattern NUMBER = Pattern.compile("\"(\\w+)\"\\s*:\\s*(-?\\d+)");
    private static final Pattern STRING = Pattern.compile("\"(\\w+)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final StreamLoadConnection http = new StreamLoadConnection(Duration.ofSeconds(10), Duration.ofHours(1));
    private final URI uri;
    private final String authorization;
    private final Map<String, String> headers;
    private final boolean groupCommit;
    private final String labelPrefix;
    private final int maxRetries;
    private final long backoffMillis;

    LoadClient(URI uri, String user, String password, Map<String, String> headers, boolean groupCommit,
            String labelPrefix, int maxRetries, long backoffMillis) {
        this.uri = uri;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
        this.headers = headers;
        this.groupCommit = groupCommit;
        this.labelPrefix = labelPrefix;
        this.maxRetries = maxRetries;
        this.backoffMillis = backoffMillis;
    }

    Outcome send(Chunker.Chunk chunk) throws InterruptedException {
        String label = groupCommit ? null : labelPrefix + "_" + chunk.index();
        String last = "";
        for (int attempt = 0; ; attempt++) {
            if (attempt > 0) {
                Thread.sleep(backoffMillis << Math.min(attempt - 1, 10)); // back-off between retries, not sync
            }
            boolean retryable;
            try {
                StreamLoadConnection.Reply reply = http.put(uri, authorization, requestHeaders(label), chunk.data(), 0,
                        chunk.length());
                Outcome outcome = parse(reply, attempt > 0);
                if (outcome.ok()) {
                    return outcome;
                }
                last = outcome.message();
                // a Fail reply means nothing was committed: safe to retry only when labelled (idempotent)
                retryable = !groupCommit && (reply.status() >= 500 || !isDataError(last));
            } catch (ConnectException e) {
                last = "connection refused: " + e.getMessage();
                retryable = true; // nothing was sent
            } catch (IOException e) {
                last = e.toString();
                retryable = !groupCommit;
            }
            if (!retryable || attempt >= maxRetries) {
                return new Outcome(false, 0, 0, last);
            }
        }
    }

    private Map<String, String> requestHeaders(String label) {
        if (label == null) {
            return headers;
        }
        Map<String, String> labelled = new LinkedHashMap<>(headers);
        labelled.put("label", label);
        return labelled;
    }

    @Override
    public void close() throws IOException {
        http.close();
    }

    private static Outcome parse(StreamLoadConnection.Reply reply, boolean retried) {
        String body = reply.body();
        String status = field(STRING, body, "Status");
        if (status == null) {
            status = field(STRING, body, "status");
        }
        String message = field(STRING, body, "Message");
        if (message == null) {
            message = field(STRING, body, "msg");
        }
        long loaded = number(body, "NumberLoadedRows");
        long filtered = number(body, "NumberFilteredRows");
        if ("Success".equals(status) || "Publish Timeout".equals(status)) {
            return new Outcome(true, loaded, filtered, "OK");
        }
        if (retried && "Label Already Exists".equals(status)
                && "FINISHED".equals(field(STRING, body, "ExistingJobStatus"))) {
            return new Outcome(true, 0, 0, "already loaded by an earlier attempt");
        }
        return new Outcome(false, loaded, filtered, "HTTP " + reply.status() + " " + status + ": "
                + (message == null ? body : message));
    }

    /** Failures that a retry cannot fix: the data or the request itself is wrong. */
    private static boolean isDataError(String message) {
        return message.contains("too many filtered rows") || message.contains("Label Already Exists")
                || message.contains("Unknown") || message.contains("Invalid") || message.contains("Access denied")
                || message.contains("authorization") || message.contains("does not support");
    }

    private static String field(Pattern p, String body, String name) {
        Matcher m = p.matcher(body);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return m.group(2);
            }
        }
        return null;
    }

    private static long number(String body, String name) {
        String v = field(NUMBER, body, name);
        return v == null ? 0 : Long.parseLong(v);
    }
}
