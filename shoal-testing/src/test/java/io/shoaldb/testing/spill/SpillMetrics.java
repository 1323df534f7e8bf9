package io.shoaldb.testing.spill;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The server's spill figures, read from {@code GET /metrics} (as root) on its HTTP port. */
final class SpillMetrics {
    private final HttpClient http = HttpClient.newHttpClient();
    private final URI uri;

    SpillMetrics(int httpPort) {
        this.uri = URI.create("http://127.0.0.1:" + httpPort + "/metrics");
    }

    /** Spill runs written since the server started ({@code query_spill_runs}). */
    long runs() throws IOException, InterruptedException {
        return value("query_spill_runs");
    }

    /** Bytes of spill runs on disk now ({@code query_spill_bytes_on_disk}). */
    long bytesOnDisk() throws IOException, InterruptedException {
        return value("query_spill_bytes_on_disk");
    }

    private long value(String name) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString("root:".getBytes(StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET /metrics answered " + response.statusCode() + ": " + response.body());
        }
        // Prometheus text: "<name>[_total|_bytes...]{labels} <value>"; the first sample of the family.
        Matcher m = Pattern.compile("(?m)^" + name + "\\w*(?:\\{[^}]*})? ([0-9.eE+-]+)$").matcher(response.body());
        if (!m.find()) {
            throw new IOException("no " + name + " in /metrics:\n" + response.body());
        }
        return (long) Double.parseDouble(m.group(1));
    }
}
