package io.shoaldb.protocol.http.handler;

import io.shoaldb.api.AccessControl;
import io.shoaldb.api.LoadService;
import io.shoaldb.protocol.http.HttpMetrics;
import io.shoaldb.protocol.http.HttpServerOptions;
import io.shoaldb.protocol.http.auth.BasicAuth;
import java.util.concurrent.ThreadFactory;

/**
 * What every connection of one server shares.
 *
 * @param access the ADMIN_PRIV check of the endpoints that serve no load ({@code /metrics}, error logs, WAL sizes)
 * @param workers makes the (virtual) threads that call the load service: it blocks, the event loop must not
 * @param connections places of {@code http_max_connections}, over all ports
 * @param runningLoads places of {@code streaming_load_max_concurrency}
 */
public record Services(HttpServerOptions options, BasicAuth auth, AccessControl access, LoadService loads,
        HttpMetrics metrics, ThreadFactory workers, Slots connections, Slots runningLoads) {
    public Services(HttpServerOptions options, BasicAuth auth, AccessControl access, LoadService loads,
            HttpMetrics metrics, ThreadFactory workers) {
        this(options, auth, access, loads, metrics, workers, new Slots(options.maxConnections()),
                new Slots(options.maxConcurrentLoads()));
    }
}
