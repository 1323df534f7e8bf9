package io.shoaldb.protocol.http;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Settings of the HTTP front door.
 *
 * @param bindAddress the address to listen on ({@code 0.0.0.0} for all)
 * @param ports Doris's {@code http_port} (FE, 8030) then {@code webserver_port} (BE, 8040); 0 picks a free port.
 *     Both serve every endpoint; only {@code /api/health} answers in the FE shape on the first and the BE shape
 *     on the others
 * @param streamingLoadMaxMb Doris's {@code streaming_load_max_mb} (10240): the largest Stream Load body
 * @param enableGroupCommitStreamloadBeForward Doris's {@code enable_group_commit_streamload_be_forward} (false)
 * @param bodyIdleTimeout how long a request body may stall (no byte received while the server is ready to read)
 *     before the load is aborted; also how long an idle keep-alive connection is kept
 * @param streamingLoadJsonMaxMb Doris's {@code streaming_load_json_max_mb} (100): a whole-body JSON load whose
 *     Content-Length is larger is refused before its body is read
 * @param maxConnections {@code http_max_connections}: connections served at once over all ports; the request of
 *     one more is answered 503 and the connection closed
 * @param maxConcurrentLoads {@code streaming_load_max_concurrency}: Stream Loads running at once; one more is
 *     answered 503 before its body is read
 * @param metricsAuth whether {@code /metrics} asks for a login like every endpoint but {@code /api/health}
 *     ({@code enable_metrics_auth}; false lets a scraper without credentials read it)
 */
public record HttpServerOptions(String bindAddress, List<Integer> ports, long streamingLoadMaxMb,
        boolean enableGroupCommitStreamloadBeForward, Duration bodyIdleTimeout, long streamingLoadJsonMaxMb,
        int maxConnections, int maxConcurrentLoads, boolean metricsAuth) {
    public static final long DEFAULT_STREAMING_LOAD_MAX_MB = 10240;
    public static final Duration DEFAULT_BODY_IDLE_TIMEOUT = Duration.ofSeconds(300);
    public static final long DEFAULT_STREAMING_LOAD_JSON_MAX_MB = 100;
    public static final int DEFAULT_MAX_CONNECTIONS = 4096;
    public static final int DEFAULT_MAX_CONCURRENT_LOADS = 1024;

    public HttpServerOptions {
        Objects.requireNonNull(bindAddress, "bindAddress");
        ports = List.copyOf(ports);
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("at least one HTTP port is needed");
        }
        for (int port : ports) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("not a port: " + port);
            }
        }
        if (streamingLoadMaxMb <= 0) {
            throw new IllegalArgumentException("streaming_load_max_mb must be positive: " + streamingLoadMaxMb);
        }
        Objects.requireNonNull(bodyIdleTimeout, "bodyIdleTimeout");
        if (bodyIdleTimeout.isNegative() || bodyIdleTimeout.isZero()) {
            throw new IllegalArgumentException("bodyIdleTimeout must be positive: " + bodyIdleTimeout);
        }
        if (streamingLoadJsonMaxMb <= 0) {
            throw new IllegalArgumentException("streaming_load_json_max_mb must be positive: " + streamingLoadJsonMaxMb);
        }
        if (maxConnections < 1 || maxConcurrentLoads < 1) {
            throw new IllegalArgumentException("http_max_connections and streaming_load_max_concurrency must be"
                    + " positive: " + maxConnections + ", " + maxConcurrentLoads);
        }
    }

    /** The contract's four settings, with the defaults for the others. */
    public HttpServerOptions(String bindAddress, List<Integer> ports, long streamingLoadMaxMb,
            boolean enableGroupCommitStreamloadBeForward) {
        this(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward, DEFAULT_BODY_IDLE_TIMEOUT,
                DEFAULT_STREAMING_LOAD_JSON_MAX_MB, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONCURRENT_LOADS, true);
    }

    /** The body limit in bytes. */
    public long streamingLoadMaxBytes() {
        return streamingLoadMaxMb * 1024L * 1024L;
    }

    /** The whole-body JSON limit in bytes. */
    public long streamingLoadJsonMaxBytes() {
        return streamingLoadJsonMaxMb * 1024L * 1024L;
    }

    public HttpServerOptions withBodyIdleTimeout(Duration timeout) {
        return new HttpServerOptions(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward,
                timeout, streamingLoadJsonMaxMb, maxConnections, maxConcurrentLoads, metricsAuth);
    }

    public HttpServerOptions withStreamingLoadJsonMaxMb(long mb) {
        return new HttpServerOptions(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward,
                bodyIdleTimeout, mb, maxConnections, maxConcurrentLoads, metricsAuth);
    }

    public HttpServerOptions withConcurrencyLimits(int connections, int loads) {
        return new HttpServerOptions(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward,
                bodyIdleTimeout, streamingLoadJsonMaxMb, connections, loads, metricsAuth);
    }

    public HttpServerOptions withMetricsAuth(boolean required) {
        return new HttpServerOptions(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward,
                bodyIdleTimeout, streamingLoadJsonMaxMb, maxConnections, maxConcurrentLoads, required);
    }
}
