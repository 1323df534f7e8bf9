package io.shoaldb.protocol.http.handler;

import io.shoaldb.api.LoadService;
import io.shoaldb.protocol.http.HttpMetrics;
import io.shoaldb.protocol.http.HttpServerOptions;
import io.shoaldb.protocol.http.auth.BasicAuth;
import java.util.concurrent.ThreadFactory;

/**
 * What every connection of one server shares.
 *
 * @param workers makes the (virtual) threads that call the load service: it blocks, the event loop must not
 */
public record Services(HttpServerOptions options, BasicAuth auth, LoadService loads, HttpMetrics metrics,
        ThreadFactory workers) {
}
