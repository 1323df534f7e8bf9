package io.shoaldb.bench.tpc;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * Reads the server's spill counter ({@code query_spill_bytes_written} on {@code /metrics}), so that the benchmark
 * can tell what each query wrote to disk: the difference of two readings around a query run alone.
 */
final class SpillMeter {
    private static final String COUNTER = "query_spill_bytes_written";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI metrics;

    SpillMeter(String httpBase) {
        this.metrics = URI.create(httpBase + "/metrics");
    }

    /** The bytes spilled since the reading {@code before}, or -1 when either reading failed. */
    long since(long before) {
        long now = bytesWritten();
        return before < 0 || now < 0 ? -1 : now - before;
    }

    /** The bytes spilled since the server started, or -1 when /metrics does not answer (the difference is then meaningless). */
    long bytesWritten() {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(30))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8)))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return -1;
            }
            for (String line : response.body().split("\n")) {
                if (line.startsWith(COUNTER)) {
                    return (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
            return -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
