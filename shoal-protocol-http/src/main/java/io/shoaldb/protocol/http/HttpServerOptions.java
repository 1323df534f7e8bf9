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
 */
public record HttpServerOptions(String bindAddress, List<Integer> ports, long streamingLoadMaxMb,
        boolean enableGroupCommitStreamloadBeForward, Duration bodyIdleTimeout) {
    public static final long DEFAULT_STREAMING_LOAD_MAX_MB = 10240;
    public static final Duration DEFAULT_BODY_IDLE_TIMEOUT = Duration.ofSeconds(300);

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
    }

    /** The contract's four settings, with the default body idle timeout. */
    public HttpServerOptions(String bindAddress, List<Integer> ports, long streamingLoadMaxMb,
            boolean enableGroupCommitStreamloadBeForward) {
        this(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward, DEFAULT_BODY_IDLE_TIMEOUT);
    }

    /** The body limit in bytes. */
    public long streamingLoadMaxBytes() {
        return streamingLoadMaxMb * 1024L * 1024L;
    }

    public HttpServerOptions withBodyIdleTimeout(Duration timeout) {
        return new HttpServerOptions(bindAddress, ports, streamingLoadMaxMb, enableGroupCommitStreamloadBeForward,
                timeout);
    }
}
